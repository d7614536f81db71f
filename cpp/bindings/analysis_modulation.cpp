// The "Additive vs multiplicative" chapter (seed 003): the toy plane's curves and the plane-by-plane split.
#include "boundary.hpp"
#include "posenc/analysis_modulation.hpp"

namespace posenc::boundary {

const Topic modulation{
    fn("modulationCurves", modulation_curves,
       {"phi", "omega", "delta", opt("m", 0), opt("span", 60), opt("positions", 64)}),
    fn("modulationSplit", modulation_split, {"seed", "delta", opt("dim", 8)}),
};

}  // namespace posenc::boundary
