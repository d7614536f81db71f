// The training lab: a tiny decoder-only Transformer trained from scratch on a synthetic task with
// one of six positional encodings, then evaluated past its training length. What the JS bindings
// call (docs/LAB.md, "Handoff"):
//
//   auto t = Trainer::create(model_config, train_config);      // validated; weights from the seed
//   while (!t.value.done()) t.value.step();                    // one AdamW step per call
//   Model& m = t.value.model();
//   m.evaluate({lengths, …}); m.logits(tokens); m.attention(tokens); m.tensors();
//   Model::from_tensors(model_config, task, train_length, tensors)   // rebuild from safetensors
//
// Same seed, same build: bit-identical weights, logits and attention maps (no threads, fixed
// summation order, every random draw from posenc::Rng).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab_config.hpp"
#include "posenc/lab_network.hpp"
#include "posenc/lab_optim.hpp"
#include "posenc/lab_tasks.hpp"
#include "posenc/status.hpp"

namespace posenc::lab {

// A parameter tensor: row-major float32, shape as in parameter_layout().
struct NamedTensor {
  std::string name;
  std::vector<int> shape;
  const float* data = nullptr;
  std::size_t size = 0;
};

// Stretching a RoPE model at evaluation, no retraining. For a sequence of length L and a model
// trained up to L_train, s = max(1, L/L_train), through inverse_frequencies (Hugging Face rope_scaling):
//   pi    {rope_type: linear, factor: s}                       ω_i/s (Position Interpolation)
//   ntk   {rope_type: dynamic, factor: 1, max_position_embeddings: L_train, seq_len: L}
//         = base·s^(d_h/(d_h−2)): the NTK-aware base change, recomputed for each length (dynamic NTK)
//   yarn  {rope_type: yarn, factor: s, original_max_position_embeddings: L_train, beta_fast: 32,
//          beta_slow: 1}; cos and sin multiplied by the attention factor 0.1·ln(s) + 1
// At L ≤ L_train every stretch is the identity.
enum class RopeStretch { None = 0, PI = 1, NTK = 2, YaRN = 3 };
const std::vector<std::string>& stretch_names();  // "none", "pi", "ntk", "yarn"
Result<RopeStretch> parse_stretch(std::string_view name);
Result<Frequencies> stretched_frequencies(const ModelConfig& m, int train_length, int length, RopeStretch stretch);

struct EvalOptions {
  std::vector<int> lengths;
  int sequences = 256;           // per length
  std::uint64_t seed = 1234567;  // the evaluation sequences: the same for every model of a task
  RopeStretch stretch = RopeStretch::None;
};

struct EvalRow {
  int length = 0;
  bool beyond_table = false;     // learned: no table row for the last positions; accuracies NaN
  double token_accuracy = 0;     // correct answers / scored positions
  double sequence_accuracy = 0;  // sequences with every scored position right / sequences
  int sequences = 0;
  long scored = 0;               // scored positions over all sequences
};

class Model {
 public:
  Model() = default;
  // A new model, its weights drawn from train.seed (train gives task, train_length and init scales).
  static Result<Model> create(const ModelConfig& model, const TrainConfig& train);
  // Rebuilt from tensors named and shaped as parameter_layout(model) says, each exactly once.
  static Result<Model> from_tensors(const ModelConfig& model, std::string_view task, int train_length,
                                    const std::vector<NamedTensor>& tensors);

  const ModelConfig& config() const { return net_->config(); }
  Task task() const { return task_; }
  int train_length() const { return train_length_; }
  std::vector<NamedTensor> tensors() const;

  // [tokens.size(), vocab], row-major; row t is the output at position t.
  Result<std::vector<float>> logits(const std::vector<std::int32_t>& tokens, RopeStretch stretch = RopeStretch::None);
  // [layers, heads, n, n] attention probabilities (row: query, column: key; 0 above the diagonal).
  Result<std::vector<float>> attention(const std::vector<std::int32_t>& tokens,
                                       RopeStretch stretch = RopeStretch::None);
  Result<std::vector<EvalRow>> evaluate(const EvalOptions& options);
  // For showing what an encoding learned (the page's "Since 2023" chapter):
  // the score bias of a query at position length − 1 against keys 0 … length − 1, [layers, heads,
  // length] (0 where a block adds none); refused for an encoding whose bias reads content (CoPE) and
  // past the model's longest length.
  Result<std::vector<float>> bias_curves(int length);
  // CoPE: the positions it counted, p_ij, [layers, heads, n, n] (0 above the diagonal); refused for
  // the other encodings.
  Result<std::vector<float>> counted_positions(const std::vector<std::int32_t>& tokens);

  Network<float>& network() { return *net_; }
  const Network<float>& network() const { return *net_; }

 private:
  Status check_tokens(const std::vector<std::int32_t>& tokens) const;
  // Would the network's buffers, grown to hold `tokens` tokens of sequences up to `len`, plus
  // extra_bytes, stay within kMaxNetworkBytes?
  Status reserve_memory(int tokens, int len, double extra_bytes, const char* what) const;
  Status use_stretch(int length, RopeStretch stretch);
  const float* run_one(const std::vector<std::int32_t>& tokens);
  // The longest sequence the model can be asked about: its encoding's, and with randomized positions
  // at most random_positions (n distinct positions in [0, P)).
  int longest() const;

  std::unique_ptr<Network<float>> net_;
  Task task_ = Task::Recall;
  int train_length_ = 0;
};

class Trainer {
 public:
  Trainer() = default;
  static Result<Trainer> create(const ModelConfig& model, const TrainConfig& train);

  double step();  // one AdamW step on a fresh batch; returns its loss
  bool done() const { return step_ >= cfg_.steps; }
  int steps_done() const { return step_; }
  double last_grad_norm() const { return grad_norm_; }
  const TrainConfig& train_config() const { return cfg_; }
  Model& model() { return model_; }

 private:
  Model model_;
  TrainConfig cfg_;
  Task task_ = Task::Recall;
  int min_length_ = 0;
  std::unique_ptr<Rng> data_;
  AdamWState<float> adam_;
  std::unique_ptr<Rng> positions_rng_;  // randomized positions only
  std::vector<std::int32_t> tokens_, targets_, positions_;
  std::vector<int> starts_;
  int step_ = 0;
  double grad_norm_ = 0;
};

// A Status naming `what` when network_bytes(m, max_tokens, max_len) + extra_bytes exceeds kMaxNetworkBytes.
Status check_memory(const ModelConfig& m, double max_tokens, double max_len, double extra_bytes, const char* what);

// The data stream of a training run: Rng(seed ^ kDataStream); weights come from Rng(seed).
constexpr std::uint64_t kDataStream = 0x6c61625f64617461ull;  // "lab_data"
// Randomized positions come from their own stream, so the tokens are the same with and without them:
// training Rng(seed ^ kPositionStream); evaluation at length L Rng(eval seed ^ L·0x9E3779B97F4A7C15 ^
// kPositionStream); logits() and attention() of n tokens Rng(n·0x9E3779B97F4A7C15 ^ kPositionStream).
constexpr std::uint64_t kPositionStream = 0x6c61625f706f736eull;  // "lab_posn"

// Randomized positions (Ruoss et al. 2023): n distinct integers of [0, span) in increasing order,
// every n-subset equally likely. Selection sampling (Knuth's Algorithm S): for t = 0, 1, …, t is
// taken when uniform_int(rng, span − t) < n − (taken so far); it stops once n are taken.
void sample_positions(Rng& rng, int n, int span, std::int32_t* out);

// Draws one training batch: `count` sequences with lengths uniform in [min_length, max_length].
void sample_batch(Task task, int count, int min_length, int max_length, Rng& rng, std::vector<std::int32_t>& tokens,
                  std::vector<std::int32_t>& targets, std::vector<int>& starts);

}  // namespace posenc::lab
