// What position costs one new token at inference (the Speed chapter): the positional work of one
// decoding step with a cache of `length` keys, per layer, for each way position enters the model,
// beside the attention scores it sits in. Timed by the caller around run(): per token = time / tokens.
//
//   table      x[0 … D) += table[p][·]                  sinusoidal or learned table, read (once per token, input layer)
//   sinusoid   x[2i], x[2i+1] += sin(pω_i), cos(pω_i)    sinusoidal computed for the position (once per token)
//   rope       q_h, k_h ← R(p)·q_h, R(p)·k_h            cos/sin of pω_i once, then every head turned (per layer)
//   alibi      s_h[j] += −m_h·(p − j), j < length        one bias per cached key and head (per layer)
//   t5         s_h[j] += b[bucket(p − j)][h], j < length  one table read per cached key and head (per layer)
//   attention  s_h[j] = q_h·k_h[j], j < length           the dot products themselves (per layer), for scale
//
// D = heads·head_dim. The state holds every buffer, filled once (begin), so run() measures the work
// alone. Step t works at position p = length + (t mod kPositions): the positions cycle through a
// small window, so a run can be as long as timing needs without a table row per step (the work of
// a step does not depend on which position it is).
#pragma once

#include <cstdint>
#include <vector>

namespace posenc::kernels {

enum class DecodeWork : int { Table = 0, Sinusoid = 1, Rope = 2, Alibi = 3, T5 = 4, Attention = 5 };

constexpr int kDecodePositions = 64;

class DecodeState {
 public:
  DecodeState(int heads, int head_dim, int max_length, int max_tokens);  // max_tokens: per run
  // `tokens` steps of `work` at context length `length` (≤ max_length); returns a checksum of the
  // results (so no step can be skipped).
  double run(DecodeWork work, int tokens, int length);
  int heads() const { return heads_; }
  int head_dim() const { return head_dim_; }
  int max_length() const { return max_length_; }
  int max_tokens() const { return max_tokens_; }
  // the buffers, for the tests
  const std::vector<float>& x() const { return x_; }
  const std::vector<float>& q() const { return q_; }
  const std::vector<float>& scores() const { return scores_; }
  const std::vector<float>& keys() const { return keys_; }
  const std::vector<float>& table() const { return table_; }
  const std::vector<float>& slopes() const { return slopes_; }
  const std::vector<float>& t5_bias() const { return t5_bias_; }

 private:
  int heads_, head_dim_, max_length_, max_tokens_;
  std::vector<float> x_, table_, q_, k_, scores_, keys_, slopes_, t5_bias_;
  std::vector<double> inv_freq_;       // RoPE's, head_dim/2 of them
  std::vector<double> model_freq_;     // the sinusoidal encoding's, D/2 of them
  std::vector<std::int32_t> bucket_;  // bucket of each distance 0 … max_length + max_tokens
};

}  // namespace posenc::kernels
