#include "decode_kernel.hpp"

#include <cmath>

namespace posenc::kernels {

namespace {
constexpr int kT5Buckets = 32, kT5MaxDistance = 128;

// T5's causal bucket of a distance d ≥ 0 (Raffel et al.; transformers' _relative_position_bucket).
std::int32_t t5_bucket(int d) {
  const int exact = kT5Buckets / 2;
  if (d < exact) return d;
  const double v = exact + std::log(static_cast<double>(d) / exact) / std::log(static_cast<double>(kT5MaxDistance) / exact) *
                               (kT5Buckets - exact);
  return static_cast<std::int32_t>(std::min(static_cast<double>(kT5Buckets - 1), std::floor(v)));
}
}  // namespace

DecodeState::DecodeState(int heads, int head_dim, int max_length, int max_tokens)
    : heads_(heads), head_dim_(head_dim), max_length_(max_length), max_tokens_(max_tokens) {
  const std::size_t D = static_cast<std::size_t>(heads) * head_dim, L = static_cast<std::size_t>(max_length);
  const std::size_t P = L + kDecodePositions;
  auto fill = [](std::vector<float>& v, std::size_t n, float seed) {
    v.resize(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(seed + 0.37f * static_cast<float>(i));
  };
  fill(x_, D, 0.1f);
  fill(table_, P * D, 0.2f);
  fill(q_, D, 0.3f);
  fill(k_, D, 0.4f);
  fill(keys_, static_cast<std::size_t>(heads) * L * head_dim, 0.5f);
  scores_.assign(static_cast<std::size_t>(heads) * L, 0.0f);
  fill(t5_bias_, static_cast<std::size_t>(kT5Buckets) * heads, 0.6f);
  for (int h = 0; h < heads; ++h) slopes_.push_back(std::pow(2.0f, -8.0f * static_cast<float>(h + 1) / heads));
  for (int i = 0; i < head_dim / 2; ++i) inv_freq_.push_back(std::pow(10000.0, -2.0 * i / head_dim));
  for (std::size_t i = 0; i < D / 2; ++i) model_freq_.push_back(std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(D)));
  for (std::size_t d = 0; d <= P; ++d) bucket_.push_back(t5_bucket(static_cast<int>(d)));
}

double DecodeState::run(DecodeWork work, int tokens, int length) {
  const int H = heads_, hd = head_dim_, D = H * hd, L = length;
  double check = 0;
  for (int t = 0; t < tokens; ++t) {  // token
    const int p = L + t % kDecodePositions;
    switch (work) {
      case DecodeWork::Table: {
        const float* row = table_.data() + static_cast<std::size_t>(p) * D;
        for (int c = 0; c < D; ++c) x_[c] += row[c];
        check += x_[t % D];
        break;
      }
      case DecodeWork::Sinusoid: {
        for (int i = 0; i < D / 2; ++i) {  // pair
          const double a = p * model_freq_[static_cast<std::size_t>(i)];
          x_[2 * i] += static_cast<float>(std::sin(a));
          x_[2 * i + 1] += static_cast<float>(std::cos(a));
        }
        check += x_[t % D];
        break;
      }
      case DecodeWork::Rope: {
        float c[512], s[512];  // head_dim ≤ 1024 (checked at begin)
        for (int i = 0; i < hd / 2; ++i) {  // pair: angles once per position, in float64
          const double a = p * inv_freq_[i];
          c[i] = static_cast<float>(std::cos(a));
          s[i] = static_cast<float>(std::sin(a));
        }
        for (float* v : {q_.data(), k_.data()}) {
          for (int h = 0; h < H; ++h) {  // head
            float* x = v + h * hd;
            for (int i = 0; i < hd / 2; ++i) {  // pair (interleaved)
              const float a = x[2 * i], b = x[2 * i + 1];
              x[2 * i] = a * c[i] - b * s[i];
              x[2 * i + 1] = a * s[i] + b * c[i];
            }
          }
        }
        check += q_[t % D] + k_[t % D];
        break;
      }
      case DecodeWork::Alibi: {
        for (int h = 0; h < H; ++h) {  // head
          float* row = scores_.data() + static_cast<std::size_t>(h) * L;
          const float m = slopes_[h];
          for (int j = 0; j < L; ++j) row[j] += -m * static_cast<float>(p - j);  // key
        }
        check += scores_[static_cast<std::size_t>(t) % scores_.size()];
        break;
      }
      case DecodeWork::T5: {
        for (int h = 0; h < H; ++h) {  // head
          float* row = scores_.data() + static_cast<std::size_t>(h) * L;
          for (int j = 0; j < L; ++j) row[j] += t5_bias_[static_cast<std::size_t>(bucket_[p - j]) * H + h];  // key
        }
        check += scores_[static_cast<std::size_t>(t) % scores_.size()];
        break;
      }
      case DecodeWork::Attention: {
        for (int h = 0; h < H; ++h) {  // head
          const float* qh = q_.data() + h * hd;
          const float* kh = keys_.data() + static_cast<std::size_t>(h) * max_length_ * hd;
          float* row = scores_.data() + static_cast<std::size_t>(h) * L;
          for (int j = 0; j < L; ++j) {  // key
            float acc = 0;
            for (int c = 0; c < hd; ++c) acc += qh[c] * kh[static_cast<std::size_t>(j) * hd + c];
            row[j] = acc;
          }
        }
        check += scores_[static_cast<std::size_t>(t) % scores_.size()];
        break;
      }
    }
  }
  return check;
}

}  // namespace posenc::kernels
