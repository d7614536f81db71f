#include "posenc/lab_config.hpp"

#include <cmath>
#include <string>

#include "posenc/lab_encoding.hpp"
#include "posenc/lab_tasks.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"

namespace posenc::lab {

const std::vector<std::string>& encoding_names() {
#define POSENC_LAB_NAME(id, name) name,
  static const std::vector<std::string> names = {POSENC_LAB_ENCODINGS(POSENC_LAB_NAME)};
#undef POSENC_LAB_NAME
  return names;
}

const char* encoding_name(Encoding e) { return encoding_names()[static_cast<std::size_t>(e)].c_str(); }

Result<Encoding> parse_encoding(std::string_view name) {
  const auto& names = encoding_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Encoding>(i);
  }
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return Status::range("encoding must be one of " + list + "; got '" + std::string(name) + "'");
}

Status validate_encoding(Encoding e) {
  if (static_cast<std::size_t>(e) >= encoding_names().size()) return Status::range("encoding is not one of the lab's encodings");
  return Status::success();
}

ModelConfig resolved(ModelConfig m, const TrainConfig& t) {
  if (m.vocab == 0) m.vocab = kVocab;
  if (m.n_max == 0) m.n_max = m.random_positions > t.train_length ? m.random_positions : t.train_length;
  if (validate_encoding(m.encoding).ok() && unit(m.encoding).resolve != nullptr) unit(m.encoding).resolve(m, t.train_length);
  return m;
}

Status validate(const ModelConfig& m) {
  if (auto s = check_integer("vocab", m.vocab, 2, kMaxVocab); !s.ok()) return s;
  if (auto s = check_integer("d_model", m.d_model, 2, kMaxModelDim); !s.ok()) return s;
  if (auto s = check_integer("n_heads", m.n_heads, 1, m.d_model); !s.ok()) return s;
  if (m.d_model % m.n_heads != 0) {
    return Status::range("d_model (" + std::to_string(m.d_model) + ") must be a multiple of n_heads (" +
                         std::to_string(m.n_heads) + ")");
  }
  if (auto s = check_integer("n_layers", m.n_layers, 1, kMaxLayers); !s.ok()) return s;
  if (auto s = check_integer("d_mlp", m.d_mlp, 1, 4 * kMaxModelDim); !s.ok()) return s;
  if (auto s = check_real("ln_eps", m.ln_eps, 0, 1, true); !s.ok()) return s;
  if (auto s = validate_encoding(m.encoding); !s.ok()) return s;
  if (auto s = unit(m.encoding).validate(m); !s.ok()) return s;
  if (auto s = check_integer("random_positions", m.random_positions, 0, kMaxLength); !s.ok()) return s;
  if (m.random_positions > 0) {
    const EncodingUnit& u = unit(m.encoding);
    if (!u.reads_positions) {
      return Status::range(std::string("random_positions does not apply to ") + u.name +
                           ": it reads no positions (leave it 0)");
    }
    if (const int longest = u.max_length(m); m.random_positions > longest) {
      return Status::range("random_positions (" + std::to_string(m.random_positions) + ") must be at most " +
                           std::to_string(longest) + ", the longest span the " + u.name + " encoding covers" +
                           (m.encoding == Encoding::Learned ? " (n_max)" : ""));
    }
  }
  return Status::success();
}

Status validate(const TrainConfig& t) {
  auto task = parse_task(t.task);
  if (!task.ok()) return task.status;
  const int lo = task_min_length(task.value);
  if (auto s = check_integer("train_length", t.train_length, lo, kMaxLength); !s.ok()) return s;
  if (t.min_length != 0) {
    if (auto s = check_integer("min_length", t.min_length, lo, t.train_length); !s.ok()) return s;
  }
  if (auto s = check_integer("batch_size", t.batch_size, 1, kMaxBatch); !s.ok()) return s;
  if (auto s = check_integer("steps", t.steps, 0, kMaxSteps); !s.ok()) return s;
  if (auto s = check_integer("warmup_steps", t.warmup_steps, 0, kMaxSteps); !s.ok()) return s;
  if (auto s = check_real("lr", t.lr, 0, 10, true); !s.ok()) return s;
  if (auto s = check_real("final_lr_fraction", t.final_lr_fraction, 0, 1); !s.ok()) return s;
  if (auto s = check_real("weight_decay", t.weight_decay, 0, 10); !s.ok()) return s;
  if (auto s = check_real("beta1", t.beta1, 0, 1); !s.ok()) return s;
  if (t.beta1 >= 1) return Status::range("beta1 must be below 1");
  if (auto s = check_real("beta2", t.beta2, 0, 1); !s.ok()) return s;
  if (t.beta2 >= 1) return Status::range("beta2 must be below 1");
  if (auto s = check_real("adam_eps", t.adam_eps, 0, 1, true); !s.ok()) return s;
  if (auto s = check_real("clip_norm", t.clip_norm, 0, 1e9); !s.ok()) return s;
  if (auto s = check_real("init_std", t.init_std, 0, 10, true); !s.ok()) return s;
  return check_real("embed_init_std", t.embed_init_std, 0, 100, true);
}

}  // namespace posenc::lab
