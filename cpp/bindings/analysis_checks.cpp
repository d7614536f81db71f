// The measurements behind the Errata chapter's checks: small comparisons, sinusoidal and RoPE facts
// the seeds state.
#include "boundary.hpp"
#include "posenc/analysis_checks.hpp"

namespace posenc::boundary {

const Topic checks{
    positional("maxAbsDifference", max_abs_difference, {"a", "b", opt("transposeB", false)}, 2),
    positional("gram", gram, {"x"}),
    positional("rowNorms", row_norms, {"x"}),
    positional("rowRanges", row_ranges, {"x"}),
    positional("closestPair", closest_pair, {"x", absent("columns")}, 1),
    positional("sequenceStats", sequence_stats, {"values"}),
    fn("frequencyTable", frequency_table, {"dim", opt("base", 10000), opt("position", 0)}),
    fn("offsetDistances", offset_distances, {"dim", opt("base", 10000), "offsets"}),
    fn("closestOffset", closest_offset, {"dim", opt("base", 10000), "maxOffset"}),
    fn("sinusoidalNearest", sinusoidal_nearest, {"dim", opt("base", 10000), "positions", "point"}),
    positional("numericalRank", numerical_rank, {"x", "tolerance"}, 1),
    positional("sweptAngle", swept_angle, {"points"}),
    positional("linearShiftResidual", linear_shift_residual, {"x", "k"}, 1),
    fn("expFormCheck", exp_form_check, {"dim", opt("base", 10000)}),
    fn("permutationReport", permutation_report, {"x", "permutation", "wq", "wk", "wv"}),
    fn("causalReport", causal_report, {"x", "wq", "wk", "wv", "changeFrom", "delta"}),
    fn("concatVersusAdd", concat_versus_add, {"x", "p", "w"}),
    fn("bagCompare", bag_compare, {"a", "b", "wq", "wk", "wv"}),
    positional("fourTermsResidual", four_terms_residual, {"x", "p", "wq", "wk"}),
    fn("ropeScore", rope_score, {"q", "k", "m", "n", "invFreq", absent("project")}),
    fn("rotationIdentity", rotation_identity, {"dim", opt("base", 10000), "m", "n"}),
    fn("complexRopeScore", complex_rope_score, {"q", "k", "m", "n", "theta"}),
    fn("broadcastShapes", broadcast_shapes, {"a", "b"}),
    fn("ropeCodeOutput", rope_code_output, {"x", "position", "invFreq"}),
};

}  // namespace posenc::boundary
