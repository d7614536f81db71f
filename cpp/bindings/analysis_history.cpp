// The "Design history" chapter: integer and [0, 1] labels, binary codes, the sin-only shift that no
// linear map achieves, the sin+cos pairs as clock hands.
#include "boundary.hpp"
#include "enums.hpp"
#include "posenc/analysis_history.hpp"

namespace posenc::boundary {

const Topic history{
    fn("integerLabels", integer_labels, {"tokens", "length", "trainLength"}),
    positional("normalizedRulers", normalized_rulers, {"lengths"}),
    fn("binarySteps", binary_steps, {"bits", "step"}),
    fn("shiftPrediction", shift_prediction, {"k", "dim", opt("base", 10000), opt("n", 64), opt("features", "sincos")}),
    positional("closestRows", closest_rows, {"x"}),
    fn("pairHands", pair_hands, {"pos", opt("k", 0), "dim", opt("base", 10000)}),
};

}  // namespace posenc::boundary
