// Absolute encodings for the page: sinusoidal properties, the design history's encodings, learned
// tables, random matrices for the toy models.
#include "boundary.hpp"
#include "enums.hpp"
#include "posenc/absolute.hpp"
#include "posenc/analysis_sinusoidal.hpp"

namespace posenc::boundary {

const Topic sinusoidal{
    fn("bestLinearMap", best_linear_map, {"k", "dim", opt("base", 10000), opt("n", 64), opt("features", "sincos")}),
    positional("pca", pca, {"x", opt("components", 2)}),
    fn("binaryEncoding", binary_encoding, {"n", "bits"}),
    positional("normalizedEncoding", normalized_encoding, {"n"}),
    fn("learnedLookup", learned_rows, {"nMax", "dim", opt("seed", 0), "positions"}),
    fn("randomNormal", random_normal, {"seed", "rows", "cols", opt("stddev", 1)}),
    fn("wavelengths", wavelengths, {"dim", opt("base", 10000)}),
    fn("periodCheck", period_check, {"dim", opt("base", 10000), "length"}),
    fn("heatmapTurns", heatmap_turns, {"dim", opt("base", 10000), "positions"}),
    fn("learnedStructure", learned_structure, {"start", "trained"}),
    fn("dotByFrequencies", dot_by_frequencies, {"invFreq", "offsets"}),
    fn("distanceByFrequencies", distance_by_frequencies, {"invFreq", "offsets"}),
    fn("dotProfile", dot_profile, {"dim", opt("base", 10000), "maxOffset", absent("starts")}),
    fn("closestPositions", closest_positions, {"dim", opt("base", 10000), "count"}),
    positional("pcaShape", pca_shape, {"x"}),
};

}  // namespace posenc::boundary
