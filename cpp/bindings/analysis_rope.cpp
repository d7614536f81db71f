// RoPE in float64 for the page: rotations, the cos/sin split, the decay bound, and every figure of
// the RoPE chapter.
#include "boundary.hpp"
#include "enums.hpp"
#include "posenc/analysis_rope.hpp"

namespace posenc::boundary {

const Topic rope{
    fn("ropeSplit", rope_split, {"q", "k", "delta", "invFreq"}),
    fn("ropeDecayBound", rope_decay_bound, {"invFreq", "offsets"}),
    fn("ropeRotate", rope_rotate_checked,
       {"x", "position", "invFreq", opt("layout", "interleaved"), opt("attentionFactor", 1)}),
    fn("ropeRotate2d", rope_rotate_2d, {"x", "px", "py", opt("base", 10000), opt("layout", "interleaved")}),
    fn("ropePlane", rope_plane, {"q", "k", opt("qScale", 1), "m", "n", "thetaDeg", absent("sameGap"), absent("offsets")}),
    fn("ropeTurn", rope_turn, {"x", "angleDeg"}),
    fn("ropeAngles", rope_angles, {"invFreq", "position"}),
    fn("ropeLayouts", rope_layouts, {"x", "position", "invFreq", opt("layout", "interleaved")}),
    fn("ropeRelativeScores", rope_relative_scores, {"q", "k", "count", "invFreq"}),
    fn("ropeShiftScores", rope_shift_scores, {"q", "k", "gap", "count", opt("base", 10000)}),
    fn("ropeDemo", rope_demo, {"tokens", "wq", "wk", "anglesDeg"}),
    fn("ropeDecay", rope_decay, {"invFreq", "offsets", "q", "k"}),
    fn("countRises", count_rises, {"values", "offsets"}),
    fn("decayTrend", decay_trend, {"values", "offsets", opt("threshold", 0.5)}),
    fn("rope2dScores", rope_2d_scores, {"q", "k", "grid", "shiftX", "shiftY", opt("base", 10000)}),
};

}  // namespace posenc::boundary
