#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

const std::vector<std::string>& stretch_names() {
  static const std::vector<std::string> names = {"none", "pi", "ntk", "yarn"};
  return names;
}

Result<RopeStretch> parse_stretch(std::string_view name) {
  const auto& names = stretch_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<RopeStretch>(i);
  }
  return Status::range("stretch must be one of none, pi, ntk, yarn; got '" + std::string(name) + "'");
}

Result<Frequencies> stretched_frequencies(const ModelConfig& m, int train_length, int length, RopeStretch stretch) {
  const double s = std::max(1.0, static_cast<double>(length) / train_length);
  RopeScaling sc;
  switch (stretch) {
    case RopeStretch::None: break;
    case RopeStretch::PI:
      sc.rope_type = "linear";
      sc.factor = s;
      break;
    case RopeStretch::NTK:
      sc.rope_type = "dynamic";
      sc.factor = 1;
      sc.max_position_embeddings = train_length;
      sc.seq_len = length;
      break;
    case RopeStretch::YaRN:
      sc.rope_type = "yarn";
      sc.factor = s;
      sc.original_max_position_embeddings = train_length;
      sc.beta_fast = 32;
      sc.beta_slow = 1;
      break;
  }
  return inverse_frequencies(m.head_dim(), m.rope_base, sc);
}

namespace {

// Evaluation batches hold about this many tokens (whole sequences, at least one).
constexpr int kEvalTokens = 2048;

}  // namespace

Result<std::vector<EvalRow>> Model::evaluate(const EvalOptions& o) {
  if (o.sequences < 1 || o.sequences > 100000) {
    return Status::range("sequences must be an integer from 1 to 100000, got " + std::to_string(o.sequences));
  }
  if (o.lengths.empty() || o.lengths.size() > 64) return Status::range("lengths must have 1 to 64 entries");
  const int lo = task_min_length(task_);
  for (int len : o.lengths) {
    if (len < lo || len > kMaxLength) {
      return Status::range("lengths: each must be an integer from " + std::to_string(lo) + " (the shortest " +
                           task_name(task_) + " sequence) to " + std::to_string(kMaxLength) + ", got " +
                           std::to_string(len));
    }
  }
  const EncodingUnit& enc = unit(config().encoding);
  if (o.stretch != RopeStretch::None && !enc.stretchable) {
    return Status::range(std::string("stretch applies to rope models only; this model uses ") +
                         encoding_name(config().encoding));
  }
  std::vector<EvalRow> rows;
  std::vector<std::int32_t> tokens, targets;
  std::vector<int> starts;
  for (int len : o.lengths) {
    EvalRow row;
    row.length = len;
    row.sequences = o.sequences;
    if (len > longest()) {  // a learned table has no row for the last positions (or: randomized positions, P < len)
      row.beyond_table = true;
      row.token_accuracy = row.sequence_accuracy = std::numeric_limits<double>::quiet_NaN();
      rows.push_back(row);
      continue;
    }
    if (auto s = use_stretch(len, o.stretch); !s.ok()) return s;
    const int chunk = std::max(1, kEvalTokens / len);
    if (auto s = reserve_memory(std::min(chunk, o.sequences) * len, len, 0, "evaluating at this length"); !s.ok()) return s;
    Rng rng(o.seed ^ (static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull));
    Rng positions_rng(o.seed ^ (static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull) ^ kPositionStream);
    const int P = config().random_positions;
    std::vector<std::int32_t> positions;
    net_->reserve(std::min(chunk, o.sequences) * len, len);
    long correct = 0, scored = 0, perfect = 0;
    for (int done = 0; done < o.sequences; done += chunk) {
      const int count = std::min(chunk, o.sequences - done);
      sample_batch(task_, count, len, len, rng, tokens, targets, starts);
      if (P > 0) {  // as the paper evaluates: random sorted positions of [0, P) at test time too
        positions.resize(static_cast<std::size_t>(count) * len);
        for (int s = 0; s < count; ++s) sample_positions(positions_rng, len, P, positions.data() + s * len);
      }
      const float* z = net_->forward(SequenceBatch{tokens.data(), starts.data(), count, P > 0 ? positions.data() : nullptr});
      const int V = config().vocab;
      for (int s = 0; s < count; ++s) {  // sequence
        bool all = true;
        for (int t = starts[static_cast<std::size_t>(s)]; t < starts[static_cast<std::size_t>(s) + 1]; ++t) {
          const int want = targets[static_cast<std::size_t>(t)];
          if (want < 0) continue;
          const float* zt = z + static_cast<long>(t) * V;
          const int got = static_cast<int>(std::max_element(zt, zt + V) - zt);  // first maximum
          ++scored;
          if (got == want) {
            ++correct;
          } else {
            all = false;
          }
        }
        perfect += all ? 1 : 0;
      }
    }
    row.scored = scored;
    row.token_accuracy = scored > 0 ? static_cast<double>(correct) / scored : 0.0;
    row.sequence_accuracy = static_cast<double>(perfect) / o.sequences;
    rows.push_back(row);
  }
  if (enc.stretchable) net_->set_rope_frequencies(stretched_frequencies(config(), train_length_, 1, RopeStretch::None).value);
  return rows;
}

}  // namespace posenc::lab
