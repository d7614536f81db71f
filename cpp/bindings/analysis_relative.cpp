// Relative encodings for the page: bias matrices, Shaw's clipped indices and scores, Transformer-XL's
// terms, T5's buckets, and the Relative PE and Comparison chapters' figures.
#include "boundary.hpp"
#include "posenc/analysis_comparison.hpp"
#include "posenc/analysis_relative.hpp"

namespace posenc::boundary {

const Topic relative{
    fn("relativeBiasMatrix", relative_bias_matrix, {"length", "bias"}),
    fn("shawIndices", shaw_indices, {"length", "k"}),
    fn("shawScores", shaw_scores, {"x", "wq", "wk", "a", "k"}),
    fn("transformerXl", transformer_xl_terms, {"e", "r", "wq", "wkE", "wkR", "u", "v"}),
    fn("relativeBiasExample", relative_bias_example, {"n", "seed"}),
    fn("slidingPair", sliding_pair, {"n", "dim", "seed", "gap"}),
    fn("shawRows", shaw_rows, {"n", "k"}),
    fn("t5Layout", t5_layout, {"span", opt("numBuckets", 32), opt("maxDistance", 128), opt("bidirectional", true)}),
    fn("xlView", xl_view, {"n", "dim", "seed"}),
    fn("sentenceOffsets", sentence_offsets, {"positions1", "positions2"}),
    fn("comparisonMeasures", comparison_measures, {"n", "dim", "nMax", opt("seed", 7)}),
};

}  // namespace posenc::boundary
