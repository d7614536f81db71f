// Measurements of a trained lab model for the page ("Train and extrapolate"): what a learned
// position table looks like next to the sinusoids. Does it learn waves?
//
//   similarity[i][j] = cos∠(row i, row j)                 rows: positions, columns: dimensions
//   by_distance[k]   = mean over i of similarity[i][i+k]  (a sinusoidal table: a function of k alone)
//   wave_share[c]    = largest share of column c's variance (mean removed) in one frequency of its
//                      discrete Fourier transform over the rows (Parseval: the shares sum to 1);
//                      1 for a pure wave at a frequency k/rows, about 2·H_m/rows for noise
//   dominant[c]      = that frequency, in cycles over the table's rows (1 … rows/2)
#pragma once

#include <vector>

#include "posenc/status.hpp"

namespace posenc::lab {

struct TableProfile {
  int rows = 0, cols = 0;
  std::vector<double> similarity;   // rows × rows, row-major
  std::vector<double> by_distance;  // rows entries; by_distance[0] = 1 (rows of zero length: 0)
  std::vector<double> wave_share;   // cols entries
  std::vector<int> dominant;        // cols entries; 0 for a constant column
  double mean_wave_share = 0;       // over the columns
};

// table: rows × cols float32, row-major. rows in [2, kMaxLabTableSide], cols in [1, kMaxLabTableSide], every value finite.
Result<TableProfile> table_profile(const float* table, double rows, double cols);

// The sinusoidal table the network adds (docs/LAB.md): float32 of sinusoidal_table(rows, d_model,
// base 10000, interleaved), rows × d_model.
Result<std::vector<float>> lab_sinusoids(double rows, double d_model);

}  // namespace posenc::lab
