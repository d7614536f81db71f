// The lab chapter: where in a task's input each answer is (the key a model should attend to).
#include "boundary.hpp"
#include "posenc/analysis_lab.hpp"

namespace posenc::boundary {

const Topic lab{
    fn("taskSources", task_sources, {"task", "tokens", "targets"}),
    fn("taskTargets", task_targets, {"task", "tokens"}),
};

}  // namespace posenc::boundary
