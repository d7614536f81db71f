// The seed passages taught in the second pass (issue 27): the same word at two positions, the
// logarithm of the base, θ_x and θ_y of 2-D RoPE, DeBERTa's disentangled attention.
#include "boundary.hpp"
#include "posenc/analysis_seeds.hpp"

namespace posenc::boundary {

const Topic seeds_topic{
    fn("sameWord", same_word, {"x", "a", "b", opt("base", 10000), opt("seed", 1)}),
    fn("logLadder", log_ladder, {"dim", opt("base", 10000)}),
    fn("rope2dFrequencies", rope2d_frequencies, {"dim", opt("base", 10000), opt("dx", 0), opt("dy", 0)}),
    fn("debertaView", deberta_view, {"n", "dim", "k", "seed"}),
};

}  // namespace posenc::boundary
