// Toy attention for the page (scores, weights, outputs, the four terms, permutation checks) and the
// "Why position" chapter's shuffle experiment.
#include "boundary.hpp"
#include "posenc/analysis_attention.hpp"
#include "posenc/analysis_permutation.hpp"

namespace posenc::boundary {

const Topic attention_topic{
    positional("attention", attention, {"q", "k", "v", opt("causal", false)}, 3),
    positional("selfAttention", self_attention, {"x", "wq", "wk", "wv", opt("causal", false)}, 4),
    positional("fourTerms", four_terms, {"x", "p", "wq", "wk"}),
    fn("permutationCheck", permutation_check, {"x", "permutation", "wq", "wk", "wv", absent("encoding")}),
    fn("crossAttentionCheck", cross_attention_check, {"queries", "source", "permutation", "wk", "wv"}),
    positional("matmul", matmul, {"a", "b"}),
    fn("shuffleDemo", shuffle_demo,
       {"x", "permutation", "wq", "wk", "wv", absent("encoding"), absent("queries")}),
};

}  // namespace posenc::boundary
