#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

Status check_memory(const ModelConfig& m, double max_tokens, double max_len, double extra_bytes, const char* what) {
  const double bytes = network_bytes(m, max_tokens, max_len) + extra_bytes;
  if (bytes > kMaxNetworkBytes) {
    return Status::range(std::string(what) + " would need " + format_number(std::ceil(bytes / (1024 * 1024))) +
                         " MiB of memory; the limit is " + format_number(kMaxNetworkBytes / (1024 * 1024)) +
                         " MiB (make the model smaller, or the sequences shorter or fewer)");
  }
  return Status::success();
}

Result<Model> Model::create(const ModelConfig& model_in, const TrainConfig& train) {
  if (auto s = validate(train); !s.ok()) return s;
  const ModelConfig model = resolved(model_in, train);
  if (auto s = validate(model); !s.ok()) return s;
  if (auto s = check_memory(model, 0, 0, 0, "this model"); !s.ok()) return s;
  Model m;
  m.net_ = std::make_unique<Network<float>>(model);
  m.net_->initialize(train.seed, train.init_std, train.embed_init_std);
  m.task_ = parse_task(train.task).value;
  m.train_length_ = train.train_length;
  return m;
}

Result<Model> Model::from_tensors(const ModelConfig& model, std::string_view task, int train_length,
                                  const std::vector<NamedTensor>& tensors) {
  auto t = parse_task(task);
  if (!t.ok()) return t.status;
  TrainConfig train;
  train.task = std::string(task);
  train.train_length = train_length;
  if (auto s = validate(train); !s.ok()) return s;
  if (auto s = validate_encoding(model.encoding); !s.ok()) return s;
  if (model.vocab == 0 || unit(model.encoding).max_length(model) == 0) {
    return Status::range("config: vocab and (learned) n_max must be given when loading tensors");
  }
  if (auto s = validate(model); !s.ok()) return s;
  if (auto s = check_memory(model, 0, 0, 0, "this model"); !s.ok()) return s;
  Model m;
  m.net_ = std::make_unique<Network<float>>(model);
  m.task_ = t.value;
  m.train_length_ = train_length;
  const auto& layout = m.net_->layout();
  std::vector<bool> seen(layout.size(), false);
  for (const auto& nt : tensors) {
    std::size_t k = 0;
    while (k < layout.size() && layout[k].name != nt.name) ++k;
    if (k == layout.size()) return Status::range("tensor '" + nt.name + "' is not a parameter of this model");
    if (seen[k]) return Status::range("tensor '" + nt.name + "' is given twice");
    if (nt.shape != layout[k].shape || nt.size != layout[k].size || nt.data == nullptr) {
      std::string want;
      for (int d : layout[k].shape) want += (want.empty() ? "" : ", ") + std::to_string(d);
      return Status::range("tensor '" + nt.name + "' must have shape [" + want + "]");
    }
    // A NaN or infinity would load fine and make every logit NaN later, far from its cause (a
    // corrupt file, or a run that diverged before it was saved).
    for (std::size_t i = 0; i < nt.size; ++i) {
      if (!std::isfinite(nt.data[i])) {
        return Status::range("tensor '" + nt.name + "' holds " + (std::isnan(nt.data[i]) ? "NaN" : "an infinity") +
                             " at index " + std::to_string(i) + "; every weight must be finite");
      }
    }
    std::memcpy(m.net_->params().data() + layout[k].offset, nt.data, sizeof(float) * nt.size);
    seen[k] = true;
  }
  for (std::size_t k = 0; k < layout.size(); ++k) {
    if (!seen[k]) return Status::range("tensor '" + layout[k].name + "' is missing");
  }
  return m;
}

std::vector<NamedTensor> Model::tensors() const {
  std::vector<NamedTensor> out;
  for (const auto& s : net_->layout()) out.push_back({s.name, s.shape, net_->params().data() + s.offset, s.size});
  return out;
}

Status Model::check_tokens(const std::vector<std::int32_t>& tokens) const {
  const int n = static_cast<int>(tokens.size());
  if (n < 1 || n > kMaxLength) {
    return Status::range("tokens must have 1 to " + std::to_string(kMaxLength) + " entries, got " + std::to_string(n));
  }
  for (int t = 0; t < n; ++t) {
    if (tokens[static_cast<std::size_t>(t)] < 0 || tokens[static_cast<std::size_t>(t)] >= config().vocab) {
      return Status::range("tokens[" + std::to_string(t) + "] must be a token id from 0 to " +
                           std::to_string(config().vocab - 1) + ", got " +
                           std::to_string(tokens[static_cast<std::size_t>(t)]));
    }
  }
  // Randomized positions: n tokens need n distinct positions in [0, P).
  if (const int P = config().random_positions; P > 0 && n > P) {
    return Status::range("beyond table: a sequence of " + std::to_string(n) + " tokens needs " + std::to_string(n) +
                         " distinct positions, and this model draws them from [0, " + std::to_string(P) +
                         ") (random_positions = " + std::to_string(P) + ")");
  }
  // A table has a last row (the learned encoding: n_max); a few encodings have another last position
  // (xpos: where its scales would leave float32). The others have none.
  if (const int rows = unit(config().encoding).max_length(config()); n > rows) {
    const std::string need = "beyond table: a sequence of " + std::to_string(n) + " tokens needs positions up to " +
                             std::to_string(n - 1) + ", and ";
    if (config().encoding == Encoding::Learned) {
      return Status::range(need + "the learned table has rows 0 to " + std::to_string(rows - 1) + " (n_max = " +
                           std::to_string(rows) + ")");
    }
    return Status::range(need + "this " + encoding_name(config().encoding) + " model encodes positions 0 to " +
                         std::to_string(rows - 1) + " only");
  }
  return reserve_memory(n, n, static_cast<double>(config().n_layers) * config().n_heads * n * n * 4, "a sequence of this length");
}

Status Model::reserve_memory(int tokens, int len, double extra_bytes, const char* what) const {
  return check_memory(config(), std::max(tokens, net_->max_tokens()), std::max(len, net_->max_len()), extra_bytes, what);
}

Status Model::use_stretch(int length, RopeStretch stretch) {
  if (!unit(config().encoding).stretchable) {
    if (stretch != RopeStretch::None) {
      return Status::range(std::string("stretch applies to rope models only; this model uses ") +
                           encoding_name(config().encoding));
    }
    return Status::success();
  }
  auto f = stretched_frequencies(config(), train_length_, length, stretch);
  if (!f.ok()) return f.status;
  net_->set_rope_frequencies(f.value);
  return Status::success();
}

int Model::longest() const {
  const int rows = unit(config().encoding).max_length(config()), P = config().random_positions;
  return P > 0 && P < rows ? P : rows;
}

const float* Model::run_one(const std::vector<std::int32_t>& tokens) {
  const int n = static_cast<int>(tokens.size());
  net_->reserve(n, n);
  const int starts[2] = {0, n};
  if (config().random_positions > 0) {  // the positions of n tokens: one fixed draw per length
    std::vector<std::int32_t> pos(tokens.size());
    Rng rng((static_cast<std::uint64_t>(n) * 0x9E3779B97F4A7C15ull) ^ kPositionStream);
    sample_positions(rng, n, config().random_positions, pos.data());
    return net_->forward(SequenceBatch{tokens.data(), starts, 1, pos.data()});
  }
  return net_->forward(SequenceBatch{tokens.data(), starts, 1});
}

Result<std::vector<float>> Model::logits(const std::vector<std::int32_t>& tokens, RopeStretch stretch) {
  if (auto s = check_tokens(tokens); !s.ok()) return s;
  if (auto s = use_stretch(static_cast<int>(tokens.size()), stretch); !s.ok()) return s;
  const float* z = run_one(tokens);
  return std::vector<float>(z, z + tokens.size() * static_cast<std::size_t>(config().vocab));
}

Result<std::vector<float>> Model::attention(const std::vector<std::int32_t>& tokens, RopeStretch stretch) {
  if (auto s = check_tokens(tokens); !s.ok()) return s;
  if (auto s = use_stretch(static_cast<int>(tokens.size()), stretch); !s.ok()) return s;
  run_one(tokens);
  const std::size_t per = static_cast<std::size_t>(config().n_heads) * tokens.size() * tokens.size();
  std::vector<float> out(per * static_cast<std::size_t>(config().n_layers));
  for (int l = 0; l < config().n_layers; ++l) {
    std::memcpy(out.data() + per * static_cast<std::size_t>(l), net_->probs(l, 0), sizeof(float) * per);
  }
  return out;
}

Result<std::vector<float>> Model::bias_curves(int length) {
  if (auto s = check_integer("length", length, 1, longest()); !s.ok()) return s;
  if (!unit(config().encoding).reads_positions) {
    return Status::range(std::string("bias curves: the ") + encoding_name(config().encoding) +
                         " encoding has no bias that depends on positions alone");
  }
  const int L = config().n_layers, H = config().n_heads, n = length;
  net_->reserve(n, n);
  std::vector<std::int32_t> pos(static_cast<std::size_t>(n));
  for (int t = 0; t < n; ++t) pos[static_cast<std::size_t>(t)] = t;
  std::vector<float> out(static_cast<std::size_t>(L) * H * n, 0.0f);
  for (int l = 0; l < L; ++l) {
    if (!net_->scheme().has_bias(l)) continue;
    for (int h = 0; h < H; ++h) {  // the last query against every key
      net_->scheme().bias_row(l, h, n - 1, pos.data(), ScoreRow<float>{}, out.data() + (static_cast<std::size_t>(l) * H + h) * n);
    }
  }
  return out;
}

Result<std::vector<float>> Model::counted_positions(const std::vector<std::int32_t>& tokens) {
  if (auto s = check_tokens(tokens); !s.ok()) return s;
  run_one(tokens);
  const int L = config().n_layers, H = config().n_heads, n = static_cast<int>(tokens.size()), D = config().d_model;
  const int dh = D / H;
  const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
  std::vector<float> out(static_cast<std::size_t>(L) * H * n * n, 0.0f), scores(static_cast<std::size_t>(n));
  for (int l = 0; l < L; ++l) {
    const float* qkv = net_->qkv(l);
    for (int h = 0; h < H; ++h) {
      const float* q = qkv + static_cast<long>(h) * dh;
      const float* k = q + D;
      for (int i = 0; i < n; ++i) {  // query
        for (int j = 0; j <= i; ++j) {
          float s = 0;
          for (int c = 0; c < dh; ++c) s += q[static_cast<long>(i) * 3 * D + c] * k[static_cast<long>(j) * 3 * D + c];
          scores[static_cast<std::size_t>(j)] = s * scale;
        }
        const ScoreRow<float> row{q + static_cast<long>(i) * 3 * D, k, 3L * D, dh, scale, scores.data()};
        float* dst = out.data() + ((static_cast<std::size_t>(l) * H + h) * n + i) * n;
        if (!net_->scheme().counted_positions(l, h, i, row, dst)) {
          return Status::range(std::string("counted positions: the ") + encoding_name(config().encoding) +
                               " encoding counts no positions (CoPE does)");
        }
      }
    }
  }
  return out;
}

}  // namespace posenc::lab
