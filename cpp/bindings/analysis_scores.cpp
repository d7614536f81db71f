// The Attention scores chapter: the four terms, a repeated word, the position term's diagonals, the mask.
#include "boundary.hpp"
#include "enums.hpp"
#include "posenc/analysis_scores.hpp"

namespace posenc::boundary {

const Topic scores{
    fn("fourTermsView", four_terms_view, {"n", "dim", "seed", opt("weights", "random")}),
    fn("repeatedWordRow", repeated_word_row, {"n", "dim", "seed", opt("weights", "random"), "query"}),
    fn("positionDiagonals", position_diagonals, {"n", "dim", "seed"}),
    fn("causalView", causal_view, {"n", "dim", "seed", opt("weights", "random"), opt("causal", true)}),
    positional("diagonalProfile", diagonal_profile, {"m"}),
};

}  // namespace posenc::boundary
