// Absolute position encodings, in the order the design history (seed 002) walks through them:
// integer labels, [0,1]-normalised labels, binary codes, sinusoidal (sin+cos pairs), and a
// learned table. All float64: these are shown to people.
//
// Sinusoidal convention: PE[pos, 2i] = sin(pos·ω_i), PE[pos, 2i+1] = cos(pos·ω_i),
// ω_i = base^(-2i/d). Layout `concat` puts all sines first: [sin…, cos…].
#pragma once

#include <cstdint>
#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/positions.hpp"
#include "posenc/status.hpp"

namespace posenc {

enum class SinusoidalLayout { Interleaved = 0, Concat = 1 };

Result<MatrixXd> sinusoidal_table(const Positions& positions, double dim, double base, SinusoidalLayout layout);

// The encoding of one position for given frequencies, interleaved: [sin(pos·ω_0), cos(pos·ω_0), …].
// The one place the page's float64 sinusoids are formed (sinusoidal_table's rows, every analysis).
VectorXd sinusoid(double pos, const std::vector<double>& inv_freq);
// Rows pos = start … start + n − 1 of sinusoid, or only their sines (the design history's sin-only
// encoding): n × 2·inv_freq.size() or n × inv_freq.size().
MatrixXd sinusoid_rows(double start, int n, const std::vector<double>& inv_freq, bool sines_only = false);

// pos -> pos (unbounded as sequences grow).
std::vector<double> integer_encoding(std::int64_t n);
// pos -> pos/(n-1): the same token distance reads differently in sequences of different length.
Result<std::vector<double>> normalized_encoding(double n);
// pos -> its bits, most significant first (bits columns). Errors if pos does not fit in bits.
Result<MatrixXd> binary_encoding(double n, double bits);

// A learned table: n_max × dim parameters, initialised N(0, std²) from a seed with a portable
// generator (identical natively and in wasm). Looking up a position ≥ n_max is the error a real
// model hits past its training length.
struct LearnedTable {
  std::int64_t n_max = 0;
  int dim = 0;
  MatrixXd weights;
};
Result<LearnedTable> learned_table(double n_max, double dim, std::uint64_t seed, double stddev = 0.02);
Result<MatrixXd> learned_lookup(const LearnedTable& table, const std::vector<double>& positions);
// The rows at `positions` of a fresh table learned_table(n_max, dim, seed) (seed from 0 to 2^53 − 1).
Result<MatrixXd> learned_rows(double n_max, double dim, double seed, const std::vector<double>& positions);

// Deterministic standard normal samples (splitmix64 + Box–Muller); used for every toy matrix on the
// page so a seed gives the same numbers everywhere.
class Rng;
// rows × cols samples N(0, stddev²) from Rng(seed): the page's toy matrices.
Result<MatrixXd> random_normal(double seed, double rows, double cols, double stddev);

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next_u64();
  double uniform();  // [0, 1)
  double normal();
  MatrixXd normal_matrix(int rows, int cols, double stddev);

 private:
  std::uint64_t state_;
  bool has_spare_ = false;
  double spare_ = 0;
};

}  // namespace posenc
