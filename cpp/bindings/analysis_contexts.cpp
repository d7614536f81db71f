// The "Longer contexts" chapter: scalings at L and L′, a model card's wavelengths, M-RoPE, long-range
// scores, ALiBi's penalty.
#include "boundary.hpp"
#include "posenc/analysis_contexts.hpp"

namespace posenc::boundary {

const Topic contexts{
    fn("scalingBands", scaling_bands, {"plain", "scaled", "factor"}),
    fn("configWavelengths", config_wavelengths, {"invFreq", "lengths"}),
    fn("mropeScores", mrope_scores, {"q", "k", "invFreq", "axes", "grid", opt("dt", 0)}),
    fn("contextFrequencies", context_frequencies,
       {"dim", "base", "trainLength", "targetLength", opt("betaFast", 32), opt("betaSlow", 1), opt("lowFreqFactor", 1),
        opt("highFreqFactor", 4)}),
    fn("longRangeValues", long_range_values, {"invFreq", opt("attentionFactor", 1), "offsets"}),
    fn("longRangeEnvelope", long_range_envelope,
       {"invFreq", opt("attentionFactor", 1), "length", "columns", opt("firstColumn", 0), absent("lastColumn"),
        opt("logSpaced", false)}),
    fn("longRangeColumns", long_range_columns, {"length", "columns", opt("logSpaced", false)}),
    fn("longRangeMatrix", long_range_matrix, {"invFreq", opt("attentionFactor", 1), "length", "size"}),
    fn("alibiHeadBias", alibi_head_bias, {"numHeads", "head", "length"}),
    fn("alibiByOffset", alibi_by_offset, {"numHeads", "offsets"}),
};

}  // namespace posenc::boundary
