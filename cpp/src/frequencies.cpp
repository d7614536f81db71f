#include "posenc/frequencies.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string_view>

#include "posenc/limits.hpp"

namespace posenc {

namespace {

constexpr double kPi = 3.14159265358979323846;

template <class Keys>
bool in(std::string_view key, const Keys& keys) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}
bool in(std::string_view key, std::initializer_list<std::string_view> keys) { return in<>(key, keys); }

constexpr const char* kTypes = "default, linear, dynamic, yarn, llama3, longrope";

Status need_positive(const char* key, double v, bool given) {
  if (!given) return Status::range(std::string("scaling.") + key + " is required for this rope_type");
  return check_positive((std::string("scaling.") + key).c_str(), v);
}

// Inverse of the YaRN wavelength formula: the pair index whose frequency completes
// `rotations` turns over `length` positions.
double correction_dim(double rotations, double dim, double base, double length) {
  return dim * std::log(length / (rotations * 2 * kPi)) / (2 * std::log(base));
}

// (1 − t)·a + t·b, exactly a at t = 0, b at t = 1, and a when a = b (factor 1): computed as
// written, a convex combination of two equal numbers can come out one ulp off, and a slowdown
// θ/θ′ of 1 − 2⁻⁵² instead of 1 is what made the page's plots of a factor-1 scaling degenerate.
double blend(double a, double b, double t) {
  if (t <= 0 || a == b) return a;
  if (t >= 1) return b;
  return (1 - t) * a + t * b;
}

double yarn_mscale(double scale, double m) { return scale <= 1 ? 1.0 : 0.1 * m * std::log(scale) + 1.0; }

Status check_factor_list(const char* name, const std::vector<double>& v, std::size_t pairs) {
  if (v.size() != pairs) {
    return Status::range(std::string("scaling.") + name + " must have dim / 2 = " + std::to_string(pairs) +
                         " entries, got " + std::to_string(v.size()));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string what = std::string("scaling.") + name + "[" + std::to_string(i) + "]";
    if (auto st = check_positive(what.c_str(), v[i]); !st.ok()) return st;
  }
  return Status::success();
}

// Phi-3's LongRoPE: a rescale factor per pair, the short list up to the original length and the
// long list past it, and one attention factor for both (transformers _compute_longrope_parameters).
Result<Frequencies> longrope(int dim, double base, const RopeScaling& s) {
  const double L = s.original_max_position_embeddings;
  if (auto st = need_positive("original_max_position_embeddings", L, L != 0); !st.ok()) return st;
  const auto pairs = static_cast<std::size_t>(dim / 2);
  if (auto st = check_factor_list("short_factor", s.short_factor, pairs); !st.ok()) return st;
  if (auto st = check_factor_list("long_factor", s.long_factor, pairs); !st.ok()) return st;
  if (s.seq_len != 0) {
    if (auto st = check_positive("scaling.seq_len", s.seq_len); !st.ok()) return st;
  }
  Frequencies f;
  if (s.attention_factor != 0) {
    if (auto st = check_positive("scaling.attention_factor", s.attention_factor); !st.ok()) return st;
    f.attention_factor = s.attention_factor;
  } else {
    f.attention_factor = s.factor <= 1 ? 1.0 : std::sqrt(1 + std::log(s.factor) / std::log(L));
  }
  const auto& ext = s.seq_len > L ? s.long_factor : s.short_factor;
  f.inv_freq = default_inv_freq(dim, base);
  for (std::size_t j = 0; j < pairs; ++j) f.inv_freq[j] /= ext[j];
  return f;
}

}  // namespace

Result<double> mla_softmax_scale(double qk_head_dim, double factor, double mscale_all_dim) {
  if (auto st = check_positive("qkHeadDim", qk_head_dim); !st.ok()) return st;
  if (auto st = check_positive("factor", factor); !st.ok()) return st;
  if (auto st = check_finite("mscaleAllDim", mscale_all_dim); !st.ok()) return st;
  const double m = mscale_all_dim != 0 ? yarn_mscale(factor, mscale_all_dim) : 1.0;
  return m * m / std::sqrt(qk_head_dim);
}

Status check_frequencies(const double* inv_freq, std::size_t n, double attention_factor) {
  if (auto st = check_positive("attentionFactor", attention_factor); !st.ok()) return st;
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(inv_freq[i])) {
      return Status::range("invFreq[" + std::to_string(i) + "] must be a finite number, got " + format_number(inv_freq[i]));
    }
  }
  return Status::success();
}

std::vector<double> default_inv_freq(int dim, double base) {
  std::vector<double> inv(static_cast<std::size_t>(dim / 2));
  for (int i = 0; i < dim / 2; ++i) inv[static_cast<std::size_t>(i)] = std::pow(base, -2.0 * i / dim);
  return inv;
}

namespace {

Result<Frequencies> compute(double dim_in, double base, const RopeScaling& s) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in);
  const std::string& t = s.rope_type;
  if (!in(t, {"default", "linear", "dynamic", "yarn", "llama3", "longrope"})) {
    return Status::range("scaling.rope_type must be one of " + std::string(kTypes) + "; got '" + t + "'");
  }
  Frequencies f;
  if (t == "default") {
    f.inv_freq = default_inv_freq(dim, base);
    return f;
  }
  if (auto st = check_positive("scaling.factor", s.factor); !st.ok()) return st;

  if (t == "linear") {
    f.inv_freq = default_inv_freq(dim, base);
    for (double& w : f.inv_freq) w /= s.factor;
    return f;
  }

  if (t == "dynamic") {
    if (auto st = need_positive("max_position_embeddings", s.max_position_embeddings, s.max_position_embeddings != 0);
        !st.ok()) {
      return st;
    }
    if (dim < 4) return Status::range("dim must be at least 4 for rope_type 'dynamic' (it divides by dim − 2), got 2");
    if (s.seq_len != 0) {
      if (auto st = check_positive("scaling.seq_len", s.seq_len); !st.ok()) return st;
    }
    const double L = std::max(s.seq_len, s.max_position_embeddings);
    const double scaled_base =
        base * std::pow(s.factor * L / s.max_position_embeddings - (s.factor - 1), dim / (dim - 2.0));
    if (!std::isfinite(scaled_base) || !(scaled_base > 1)) {
      return Status::range("dynamic scaling gives base " + format_number(scaled_base) +
                           "; it must stay > 1 (check factor and seq_len)");
    }
    f.inv_freq = default_inv_freq(dim, scaled_base);
    return f;
  }

  if (t == "yarn") {
    const double L = s.original_max_position_embeddings;
    if (auto st = need_positive("original_max_position_embeddings", L, L != 0); !st.ok()) return st;
    if (auto st = check_positive("scaling.beta_fast", s.beta_fast); !st.ok()) return st;
    if (auto st = check_positive("scaling.beta_slow", s.beta_slow); !st.ok()) return st;
    if (s.attention_factor != 0) {
      if (auto st = check_positive("scaling.attention_factor", s.attention_factor); !st.ok()) return st;
      f.attention_factor = s.attention_factor;
    } else if (s.mscale != 0 && s.mscale_all_dim != 0) {
      f.attention_factor = yarn_mscale(s.factor, s.mscale) / yarn_mscale(s.factor, s.mscale_all_dim);
    } else {
      f.attention_factor = yarn_mscale(s.factor, 1.0);
    }
    double low = correction_dim(s.beta_fast, dim, base, L);
    double high = correction_dim(s.beta_slow, dim, base, L);
    if (s.truncate) {
      low = std::floor(low);
      high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, dim - 1.0);
    if (low == high) high += 0.001;  // as transformers: avoids dividing by zero
    const auto extrapolated = default_inv_freq(dim, base);
    f.inv_freq.resize(extrapolated.size());
    for (std::size_t j = 0; j < extrapolated.size(); ++j) {
      const double ramp = std::clamp((static_cast<double>(j) - low) / (high - low), 0.0, 1.0);
      const double keep = 1 - ramp;  // 1: high-frequency pair, kept (extrapolated)
      f.inv_freq[j] = blend(extrapolated[j] / s.factor, extrapolated[j], keep);
    }
    return f;
  }

  if (t == "longrope") return longrope(dim, base, s);

  // llama3
  const double L = s.original_max_position_embeddings;
  if (auto st = need_positive("original_max_position_embeddings", L, L != 0); !st.ok()) return st;
  if (auto st = need_positive("low_freq_factor", s.low_freq_factor, s.low_freq_factor != 0); !st.ok()) return st;
  if (auto st = need_positive("high_freq_factor", s.high_freq_factor, s.high_freq_factor != 0); !st.ok()) return st;
  if (!(s.high_freq_factor > s.low_freq_factor)) {
    return Status::range("scaling.high_freq_factor (" + format_number(s.high_freq_factor) +
                         ") must be greater than scaling.low_freq_factor (" +
                         format_number(s.low_freq_factor) + ")");
  }
  const double low_wavelen = L / s.low_freq_factor;
  const double high_wavelen = L / s.high_freq_factor;
  f.inv_freq = default_inv_freq(dim, base);
  for (double& w : f.inv_freq) {
    const double wavelen = 2 * kPi / w;
    if (wavelen < high_wavelen) continue;  // high frequency: unchanged
    if (wavelen > low_wavelen) {           // low frequency: interpolated
      w /= s.factor;
      continue;
    }
    const double smooth = (L / wavelen - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
    w = blend(w / s.factor, w, smooth);
  }
  return f;
}

}  // namespace

Result<Frequencies> inverse_frequencies(double dim, double base, const RopeScaling& s) {
  auto f = compute(dim, base, s);
  if (!f.ok()) return f;
  // Extreme but individually valid values (a factor of 1e-320) can still overflow; say so.
  for (std::size_t i = 0; i < f.value.inv_freq.size(); ++i) {
    const double w = f.value.inv_freq[i];
    if (!std::isfinite(w) || !(w >= 0)) {
      return Status::range("scaling '" + s.rope_type + "' gives frequency " + std::to_string(i) + " = " + format_number(w) +
                           " at these values (check factor and the lengths)");
    }
  }
  if (!std::isfinite(f.value.attention_factor) || !(f.value.attention_factor > 0)) {
    return Status::range("scaling '" + s.rope_type + "' gives attention factor " + format_number(f.value.attention_factor));
  }
  return f;
}

}  // namespace posenc
