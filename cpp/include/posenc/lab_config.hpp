// The training lab's hyperparameters, as plain structs: ModelConfig is what the named tensors need
// to rebuild the network (docs/LAB.md gives the architecture exactly); TrainConfig is how it was
// trained (task, lengths, optimizer, schedule, initialisation, seed). The defaults are the default
// experiment (docs/LAB.md, "Default experiment").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"
#include "posenc/status.hpp"

namespace posenc::lab {

// How position enters the one network (docs/LAB.md, "Positional encodings"): the list of the lab's
// encodings, in order. Each is one unit, cpp/src/lab_enc_<file>.cpp (lab_encoding.hpp); the enum,
// the names and the registry are all read from this list.
#define POSENC_LAB_ENCODINGS(X) \
  X(None, "none")                \
  X(Sinusoidal, "sinusoidal")    \
  X(Learned, "learned")          \
  X(T5, "t5")                    \
  X(Alibi, "alibi")              \
  X(Rope, "rope")                \
  X(Xpos, "xpos")                \
  X(PRope, "p-rope")             \
  X(Kerple, "kerple")            \
  X(Fire, "fire")                \
  X(Cope, "cope")                \
  X(Irope, "irope")

#define POSENC_LAB_ENUM(id, name) id,
enum class Encoding { POSENC_LAB_ENCODINGS(POSENC_LAB_ENUM) };
#undef POSENC_LAB_ENUM

const std::vector<std::string>& encoding_names();  // in the list's order
const char* encoding_name(Encoding e);
Result<Encoding> parse_encoding(std::string_view name);

struct ModelConfig {
  Encoding encoding = Encoding::Rope;
  RopeLayout rope_layout = RopeLayout::Interleaved;  // rope only
  double rope_base = 10000;                          // rope only
  int vocab = 0;          // 0: the tasks' vocabulary (lab_tasks.hpp)
  int d_model = 32;
  int n_heads = 2;        // head_dim = d_model / n_heads
  int n_layers = 2;
  int d_mlp = 128;
  int n_max = 0;          // learned only: table rows; 0: the training length
  int t5_num_buckets = 16;   // t5 only, causal buckets
  int t5_max_distance = 32;  // t5 only
  double xpos_scale_base = 0;  // xpos only: B in ζ^{n/B}; 0: train_length / 2
  double p_rope_fraction = 0.75;  // p-rope only: the fraction p of the planes (the fastest) that turn
  int fire_mlp_width = 32;        // fire only: hidden units of f_θ
  double fire_threshold = 0;      // fire only: L0, the threshold's fixed part (L = |L_mult·L0|); 0: train_length / 4
  int cope_npos = 0;              // cope only: position embeddings per block (counts clamp at cope_npos − 1); 0: train_length + 1
  int irope_interval = 2;         // irope only: block l has no encoding when (l + 1) % interval == 0 (Llama 4: 4)
  double irope_floor_scale = 0;   // irope only: temperature step, in positions (Llama 4: 8192); 0: train_length
  double irope_attn_scale = 0.1;  // irope only: temperature slope (Llama 4: 0.1)
  double ln_eps = 1e-5;
  // Randomized positions (Ruoss et al. 2023): 0, positions 0 … n−1; P > 0, each sequence's positions
  // are a sorted random sample of n distinct integers from [0, P), in training and in evaluation.
  int random_positions = 0;

  int head_dim() const { return n_heads > 0 ? d_model / n_heads : 0; }
};
// The fields as the bindings, the safetensors metadata and pe.lab's options read them (in this order).
POSENC_FIELDS(ModelConfig, encoding, rope_layout, rope_base, vocab, d_model, n_heads, n_layers, d_mlp, n_max,
              t5_num_buckets, t5_max_distance, xpos_scale_base, p_rope_fraction,
              fire_mlp_width, fire_threshold, cope_npos,
              irope_interval, irope_floor_scale, irope_attn_scale, ln_eps, random_positions)

struct TrainConfig {
  std::string task;       // empty: the default task (task_names()[0])
  int train_length = 12;  // L_train: longest training sequence, in tokens
  int min_length = 0;     // shortest training sequence; 0: the task's minimum
  int batch_size = 32;    // sequences per step
  int steps = 3000;
  double lr = 3e-3;       // peak learning rate
  int warmup_steps = 50;  // linear warm-up from lr/warmup_steps to lr
  double final_lr_fraction = 0.1;  // cosine decay from lr to lr·this at the last step
  double weight_decay = 0.01;      // AdamW, decoupled; on the matrices of linear layers only
  double beta1 = 0.9;
  double beta2 = 0.98;
  double adam_eps = 1e-8;
  double clip_norm = 1.0;          // global gradient norm; 0: no clipping
  double init_std = 0.1;           // linear weights N(0, init_std²); residual outputs / √(2·n_layers)
  double embed_init_std = 1.0;     // token embedding and learned position table N(0, embed_init_std²)
  std::uint64_t seed = 1;
};
POSENC_FIELDS(TrainConfig, task, train_length, min_length, batch_size, steps, lr, warmup_steps, final_lr_fraction,
              weight_decay, beta1, beta2, adam_eps, clip_norm, init_std, embed_init_std, seed)

// Fills the 0 defaults (vocab, n_max, and the encoding unit's own: EncodingUnit::resolve) from the
// task and training length.
ModelConfig resolved(ModelConfig m, const TrainConfig& t);
Status validate_encoding(Encoding e);  // one of the list
Status validate(const ModelConfig& m);
Status validate(const TrainConfig& t);

}  // namespace posenc::lab
