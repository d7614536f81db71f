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

// Keys each rope_type reads (besides rope_type / type), as in transformers' validation.
std::vector<std::string_view> keys_of(std::string_view type) {
  if (type == "linear") return {"factor"};
  if (type == "dynamic") return {"factor", "max_position_embeddings", "seq_len", "original_max_position_embeddings"};
  if (type == "yarn") {
    return {"factor", "original_max_position_embeddings", "beta_fast", "beta_slow",
            "attention_factor", "mscale", "mscale_all_dim", "truncate"};
  }
  if (type == "llama3") {
    return {"factor", "low_freq_factor", "high_freq_factor", "original_max_position_embeddings"};
  }
  return {};
}

constexpr const char* kTypes = "default, linear, dynamic, yarn, llama3";

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

}  // namespace

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

Result<Frequencies> inverse_frequencies(double dim_in, double base, const RopeScaling& s) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in);
  const std::string& t = s.rope_type;
  if (!in(t, {"default", "linear", "dynamic", "yarn", "llama3"})) {
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

Result<RopeScaling> parse_scaling(const json::Value& v, bool strict, std::vector<std::string>* warnings) {
  if (v.type != json::Type::Object) {
    return Status::type(std::string("scaling must be an object, got ") + json::type_name(v.type));
  }
  RopeScaling s;
  const json::Value* type = v.find("rope_type");
  if (type == nullptr || type->type == json::Type::Null) type = v.find("type");  // legacy key
  if (type != nullptr && type->type != json::Type::Null) {
    if (type->type != json::Type::String) {
      return Status::type(std::string("scaling.rope_type must be a string, got ") + json::type_name(type->type));
    }
    s.rope_type = type->string;
  }
  if (!in(s.rope_type, {"default", "linear", "dynamic", "yarn", "llama3"})) {
    return Status::range("scaling.rope_type must be one of " + std::string(kTypes) + "; got '" +
                         s.rope_type + "'");
  }
  const auto allowed = keys_of(s.rope_type);
  for (const auto& [key, val] : v.object) {
    if (key == "rope_type" || key == "type") continue;
    if (!in(key, allowed)) {
      const std::string msg = "scaling." + key + " is not used by rope_type '" + s.rope_type + "'";
      if (strict) {
        std::string list;
        for (auto k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
        return Status::range(msg + " (it takes: " + (list.empty() ? "no other keys" : list) + ")");
      }
      if (warnings != nullptr && key != "rope_theta") warnings->push_back(msg + "; ignored");
      continue;
    }
    if (val.type == json::Type::Null) {
      // transformers treats null in a config.json as "use the default"; in an options object it
      // is a mistake (often NaN turned into null by JSON.stringify).
      if (strict) return Status::type("scaling." + key + " must be a number, got null");
      continue;
    }
    if (key == "truncate") {
      if (val.type != json::Type::Bool) {
        return Status::type(std::string("scaling.truncate must be a boolean, got ") + json::type_name(val.type));
      }
      s.truncate = val.boolean;
      continue;
    }
    if (val.type != json::Type::Number) {
      return Status::type("scaling." + key + " must be a number, got " + json::type_name(val.type));
    }
    const double x = val.number;
    if (key == "factor") s.factor = x;
    else if (key == "max_position_embeddings") s.max_position_embeddings = x;
    else if (key == "seq_len") s.seq_len = x;
    else if (key == "original_max_position_embeddings") s.original_max_position_embeddings = x;
    else if (key == "beta_fast") s.beta_fast = x;
    else if (key == "beta_slow") s.beta_slow = x;
    else if (key == "attention_factor") s.attention_factor = x;
    else if (key == "mscale") s.mscale = x;
    else if (key == "mscale_all_dim") s.mscale_all_dim = x;
    else if (key == "low_freq_factor") s.low_freq_factor = x;
    else if (key == "high_freq_factor") s.high_freq_factor = x;
    // A zero would read as "not given" downstream; say so instead of silently using a default.
    if (x == 0 && key != "seq_len") return Status::range("scaling." + key + " must be > 0, got 0");
  }
  if (s.rope_type != "default" && v.find("factor") == nullptr && strict) {
    return Status::range("scaling.factor is required for rope_type '" + s.rope_type + "'");
  }
  return s;
}

namespace {

const json::Value* number_field(const json::Value& obj, std::string_view key) {
  const json::Value* v = obj.find(key);
  return (v != nullptr && v->type == json::Type::Number) ? v : nullptr;
}

}  // namespace

Result<RopeConfig> rope_from_config(std::string_view text) {
  auto parsed = json::parse(text);
  if (!parsed.ok()) return Status::range("config: " + parsed.status.message);
  return rope_from_config(parsed.value);
}

Result<RopeConfig> rope_from_config(const json::Value& root) {
  if (root.type != json::Type::Object) {
    return Status::type(std::string("config must be a JSON object, got ") + json::type_name(root.type));
  }
  RopeConfig c;
  const json::Value* cfg = &root;
  // Multimodal configs (Llava, Qwen2-VL, Gemma 3) keep the language model under text_config.
  if (root.find("hidden_size") == nullptr && root.find("head_dim") == nullptr) {
    if (const json::Value* tc = root.find("text_config"); tc != nullptr && tc->type == json::Type::Object) {
      cfg = tc;
      c.warnings.emplace_back("read the rope fields from text_config");
    }
  }

  // Reports a field present with the wrong JSON type instead of silently using a default.
  auto wrong_type = [&](std::string_view key) -> Status {
    const json::Value* v = cfg->find(key);
    if (v != nullptr && v->type != json::Type::Number && v->type != json::Type::Null) {
      return Status::type("config." + std::string(key) + " must be a number, got " + json::type_name(v->type));
    }
    return Status::success();
  };
  for (const char* key : {"rope_theta", "head_dim", "hidden_size", "num_attention_heads",
                          "partial_rotary_factor", "rotary_pct", "rotary_dim", "max_position_embeddings"}) {
    if (auto st = wrong_type(key); !st.ok()) return st;
  }

  const json::Value* params = cfg->find("rope_scaling");
  if (params == nullptr || params->type == json::Type::Null) params = cfg->find("rope_parameters");
  if (params != nullptr && params->type == json::Type::Null) params = nullptr;

  if (const auto* theta = number_field(*cfg, "rope_theta")) {
    c.base = theta->number;
  } else if (params != nullptr && params->type == json::Type::Object && number_field(*params, "rope_theta")) {
    c.base = number_field(*params, "rope_theta")->number;
  } else {
    c.warnings.emplace_back("no rope_theta: using the default base 10000");
  }
  if (auto st = check_base(c.base); !st.ok()) return Status::range("config.rope_theta: " + st.message);

  double head_dim = 0;
  if (const auto* hd = number_field(*cfg, "head_dim")) {
    head_dim = hd->number;
  } else {
    const auto* hidden = number_field(*cfg, "hidden_size");
    const auto* heads = number_field(*cfg, "num_attention_heads");
    if (hidden == nullptr || heads == nullptr) {
      return Status::range("config needs head_dim, or hidden_size and num_attention_heads");
    }
    if (auto st = check_positive("config.num_attention_heads", heads->number); !st.ok()) return st;
    head_dim = std::floor(hidden->number / heads->number);
  }
  if (auto st = check_dim("config head dimension", head_dim, true); !st.ok()) return st;
  c.head_dim = static_cast<int>(head_dim);

  double rotary = head_dim;
  if (const auto* rd = number_field(*cfg, "rotary_dim")) {
    rotary = rd->number;  // GPT-J names the rotary dimension directly
  } else {
    const json::Value* prf = number_field(*cfg, "partial_rotary_factor");
    if (prf == nullptr) prf = number_field(*cfg, "rotary_pct");  // GPT-NeoX
    if (prf != nullptr) {
      if (!(prf->number > 0 && prf->number <= 1)) {
        return Status::range("config.partial_rotary_factor must be in (0, 1], got " + format_number(prf->number));
      }
      rotary = std::floor(head_dim * prf->number);
    }
  }
  if (auto st = check_dim("rotary dimension (head_dim × partial_rotary_factor)", rotary, true); !st.ok()) return st;
  if (rotary > head_dim) return Status::range("config.rotary_dim must not exceed the head dimension");
  c.dim = static_cast<int>(rotary);

  if (const auto* mpe = number_field(*cfg, "max_position_embeddings")) c.max_position_embeddings = mpe->number;

  if (params != nullptr) {
    auto s = parse_scaling(*params, false, &c.warnings);
    if (!s.ok()) return s.status;
    c.scaling = s.value;
  }
  RopeScaling& s = c.scaling;
  if (s.rope_type == "dynamic" && s.max_position_embeddings == 0) {
    s.max_position_embeddings = c.max_position_embeddings;
  }
  if (s.rope_type == "yarn") {
    const bool has_original = s.original_max_position_embeddings != 0;
    if (!has_original) s.original_max_position_embeddings = c.max_position_embeddings;
    // transformers: factor left out but both lengths given -> their ratio.
    if (params->find("factor") == nullptr && has_original && c.max_position_embeddings > 0) {
      s.factor = c.max_position_embeddings / s.original_max_position_embeddings;
    }
  }
  if (s.rope_type != "default" && params->find("factor") == nullptr && s.factor == 1) {
    c.warnings.emplace_back("rope_scaling has no factor: using 1");
  }
  auto f = inverse_frequencies(c.dim, c.base, s);
  if (!f.ok()) return Status{f.status.kind, "config.rope_scaling: " + f.status.message};
  c.freq = std::move(f.value);
  return c;
}

}  // namespace posenc
