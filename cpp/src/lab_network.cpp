#include "posenc/lab_network.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "posenc/absolute.hpp"
#include "posenc/lab_layers.hpp"
#include "posenc/relative.hpp"

namespace posenc::lab {

std::vector<TensorSpec> parameter_layout(const ModelConfig& m) {
  std::vector<TensorSpec> out;
  std::size_t offset = 0;
  auto add = [&](std::string name, std::vector<int> shape, bool decay, InitSpec init) {
    std::size_t size = 1;
    for (int s : shape) size *= static_cast<std::size_t>(s);
    out.push_back({std::move(name), std::move(shape), offset, size, decay, init});
    offset += size;
  };
  const int D = m.d_model, F = m.d_mlp, V = m.vocab;
  add("tok_emb.weight", {V, D}, false, Init::NormalEmbedding);
  unit(m.encoding).tensors(m, add);
  for (int l = 0; l < m.n_layers; ++l) {
    const std::string b = "blocks." + std::to_string(l) + ".";
    add(b + "ln1.weight", {D}, false, Init::One);
    add(b + "ln1.bias", {D}, false, Init::Zero);
    add(b + "attn.qkv.weight", {D, 3 * D}, true, Init::Normal);
    add(b + "attn.qkv.bias", {3 * D}, false, Init::Zero);
    add(b + "attn.out.weight", {D, D}, true, Init::NormalResidual);
    add(b + "attn.out.bias", {D}, false, Init::Zero);
    add(b + "ln2.weight", {D}, false, Init::One);
    add(b + "ln2.bias", {D}, false, Init::Zero);
    add(b + "mlp.fc.weight", {D, F}, true, Init::Normal);
    add(b + "mlp.fc.bias", {F}, false, Init::Zero);
    add(b + "mlp.proj.weight", {F, D}, true, Init::NormalResidual);
    add(b + "mlp.proj.bias", {D}, false, Init::Zero);
  }
  add("ln_f.weight", {D}, false, Init::One);
  add("ln_f.bias", {D}, false, Init::Zero);
  add("head.weight", {D, V}, true, Init::Normal);
  add("head.bias", {V}, false, Init::Zero);
  return out;
}

std::size_t parameter_count(const std::vector<TensorSpec>& layout) {
  return layout.empty() ? 0 : layout.back().offset + layout.back().size;
}

double network_bytes(const ModelConfig& m, double max_tokens, double max_len) {
  const double D = m.d_model, F = m.d_mlp, V = m.vocab, H = m.n_heads, N = max_tokens, L = max_len;
  double params = 0;
  for (const auto& s : parameter_layout(m)) params += static_cast<double>(s.size);
  // per block: x, ln1, att, mid, ln2 (N·D each), qkv (3·N·D), pre and act (N·F), four row statistics,
  // attention probabilities (H·N·L)
  const double block = N * (8 * D + 2 * F + 4) + H * N * L;
  // x_final, lnf, dx, dln, datt (N·D each), dqkv (3·N·D), logits and dlogits (N·V), dact (N·F),
  // row statistics, positions and offsets; dscores (L²); a bias row (L); position tables for the
  // position span T = max(L, random_positions) (RoPE cos and sin, the sinusoid, xPos's scales: at
  // most 2·T·D; T5 buckets, CoPE's scratch: 2·T)
  const double T = std::max(L, static_cast<double>(m.random_positions));
  const double rest = N * (8 * D + 2 * V + F + 5) + L * L + 2 * T * D + 2 * T + L;
  return 4 * (2 * params + m.n_layers * block + rest);
}

namespace {

template <class T>
T* tensor_at(const std::vector<TensorSpec>& layout, T* base, const std::string& name) {
  for (const auto& s : layout) {
    if (s.name == name) return base + s.offset;
  }
  return nullptr;
}

template <class T>
Tensors<T> bind_tensors(const ModelConfig& m, const std::vector<TensorSpec>& layout, T* base) {
  Tensors<T> t;
  t.tok_emb = tensor_at(layout, base, "tok_emb.weight");
  for (int l = 0; l < m.n_layers; ++l) {
    const std::string b = "blocks." + std::to_string(l) + ".";
    auto f = [&](const char* n) { return tensor_at(layout, base, b + n); };
    t.blocks.push_back({f("ln1.weight"), f("ln1.bias"), f("attn.qkv.weight"), f("attn.qkv.bias"), f("attn.out.weight"),
                        f("attn.out.bias"), f("ln2.weight"), f("ln2.bias"), f("mlp.fc.weight"), f("mlp.fc.bias"),
                        f("mlp.proj.weight"), f("mlp.proj.bias")});
  }
  t.lnf_g = tensor_at(layout, base, "ln_f.weight");
  t.lnf_b = tensor_at(layout, base, "ln_f.bias");
  t.w_head = tensor_at(layout, base, "head.weight");
  t.b_head = tensor_at(layout, base, "head.bias");
  return t;
}

template <class T>
void grow(std::vector<T>& v, std::size_t n) {
  if (v.size() < n) v.resize(n);
}

}  // namespace

template <class T>
Network<T>::Network(const ModelConfig& config) : cfg_(config), layout_(parameter_layout(config)) {
  params_.assign(parameter_count(layout_), T(0));
  grads_.assign(params_.size(), T(0));
  w_ = bind_tensors(cfg_, layout_, params_.data());
  g_ = bind_tensors(cfg_, layout_, grads_.data());
  acts_.resize(static_cast<std::size_t>(cfg_.n_layers));
  scheme_ = make_scheme<T>(cfg_);
  scheme_->bind([this](const std::string& n) { return tensor_at(layout_, params_.data(), n); },
                [this](const std::string& n) { return tensor_at(layout_, grads_.data(), n); });
}

template <class T>
void Network<T>::initialize(std::uint64_t seed, double init_std, double embed_init_std) {
  Rng rng(seed);
  const double residual_std = init_std / std::sqrt(2.0 * cfg_.n_layers);
  for (const auto& s : layout_) {  // tensor, in layout order; elements row-major
    T* p = params_.data() + s.offset;
    for (std::size_t i = 0; i < s.size; ++i) {
      switch (s.init.kind) {
        case Init::Zero: p[i] = T(0); break;
        case Init::One: p[i] = T(1); break;
        case Init::Normal: p[i] = static_cast<T>(rng.normal() * init_std); break;
        case Init::NormalResidual: p[i] = static_cast<T>(rng.normal() * residual_std); break;
        case Init::NormalEmbedding: p[i] = static_cast<T>(rng.normal() * embed_init_std); break;
        case Init::Uniform: p[i] = static_cast<T>(s.init.a + (s.init.b - s.init.a) * rng.uniform()); break;
        case Init::Constant: p[i] = static_cast<T>(s.init.a); break;
      }
    }
  }
}

template <class T>
void Network<T>::reserve(int max_tokens, int max_len) {
  assert(max_len <= unit(cfg_.encoding).max_length(cfg_));
  const int span = position_span();
  cap_tokens_ = std::max(cap_tokens_, max_tokens);
  cap_len_ = std::max(cap_len_, max_len);
  const std::size_t N = static_cast<std::size_t>(cap_tokens_);
  const std::size_t D = static_cast<std::size_t>(cfg_.d_model), F = static_cast<std::size_t>(cfg_.d_mlp);
  const std::size_t V = static_cast<std::size_t>(cfg_.vocab);
  // Σ_s n_s² ≤ max_len · Σ_s n_s: the attention maps of any batch within the capacity fit.
  const std::size_t P = static_cast<std::size_t>(cfg_.n_heads) * N * static_cast<std::size_t>(cap_len_);
  for (auto& a : acts_) {
    grow(a.x, N * D), grow(a.ln1, N * D), grow(a.mean1, N), grow(a.rstd1, N), grow(a.qkv, 3 * N * D);
    grow(a.probs, P), grow(a.att, N * D), grow(a.mid, N * D), grow(a.ln2, N * D), grow(a.mean2, N);
    grow(a.rstd2, N), grow(a.pre, N * F), grow(a.act, N * F);
  }
  grow(x_final_, N * D), grow(lnf_, N * D), grow(meanf_, N), grow(rstdf_, N), grow(logits_, N * V);
  grow(dlogits_, N * V), grow(dx_, N * D), grow(dln_, N * D), grow(datt_, N * D), grow(dqkv_, 3 * N * D);
  grow(dact_, N * F), grow(dscores_, static_cast<std::size_t>(cap_len_) * cap_len_);
  grow(bias_, static_cast<std::size_t>(cap_len_));
  grow(positions_, N), grow(prob_at_, N + 1);
  if (position_span() > span || !tables_built_) scheme_->tables(position_span());
  tables_built_ = true;
}

template <class T>
void Network<T>::set_rope_frequencies(const Frequencies& f) {
  assert(static_cast<int>(f.inv_freq.size()) == cfg_.head_dim() / 2);
  scheme_->set_frequencies(f);
}

template <class T>
const T* Network<T>::forward(const SequenceBatch& b) {
  const int N = b.total(), D = cfg_.d_model, F = cfg_.d_mlp, V = cfg_.vocab, H = cfg_.n_heads;
  assert(N <= cap_tokens_);
  batch_ = b;
  std::size_t off = 0;
  for (int s = 0; s < b.count; ++s) {  // sequence
    const int n = b.starts[s + 1] - b.starts[s];
    assert(n >= 1 && n <= cap_len_);
    for (int t = 0; t < n; ++t) {
      const std::size_t k = static_cast<std::size_t>(b.starts[s] + t);
      positions_[k] = b.positions != nullptr ? b.positions[k] : t;
      assert(positions_[k] >= 0 && positions_[k] < position_span() && (t == 0 || positions_[k] > positions_[k - 1]));
    }
    prob_at_[static_cast<std::size_t>(s)] = off;
    off += static_cast<std::size_t>(H) * n * n;
  }

  T* x = acts_[0].x.data();
  embedding_forward(N, D, b.tokens, w_.tok_emb, x, false);
  scheme_->embed_forward(N, D, positions_.data(), x);

  for (int l = 0; l < cfg_.n_layers; ++l) {  // block
    BlockActs& a = acts_[static_cast<std::size_t>(l)];
    const BlockTensors<T>& bw = w_.blocks[static_cast<std::size_t>(l)];
    layernorm_forward(N, D, static_cast<T>(cfg_.ln_eps), a.x.data(), bw.ln1_g, bw.ln1_b, a.ln1.data(), a.mean1.data(),
                      a.rstd1.data());
    linear_forward(N, D, 3 * D, a.ln1.data(), bw.w_qkv, bw.b_qkv, a.qkv.data());
    for (int s = 0; s < b.count; ++s) {  // sequence
      const long start = b.starts[s];
      attention_forward(AttentionDims{D, H, b.starts[s + 1] - b.starts[s]}, *scheme_, l, positions_.data() + start,
                        a.qkv.data() + start * 3 * D, a.probs.data() + prob_at_[static_cast<std::size_t>(s)],
                        a.att.data() + start * D, bias_.data());
    }
    std::memcpy(a.mid.data(), a.x.data(), sizeof(T) * static_cast<std::size_t>(N) * D);
    linear_forward(N, D, D, a.att.data(), bw.w_out, bw.b_out, a.mid.data(), true);  // mid = x + attn
    layernorm_forward(N, D, static_cast<T>(cfg_.ln_eps), a.mid.data(), bw.ln2_g, bw.ln2_b, a.ln2.data(),
                      a.mean2.data(), a.rstd2.data());
    linear_forward(N, D, F, a.ln2.data(), bw.w_fc, bw.b_fc, a.pre.data());
    relu_forward(static_cast<long>(N) * F, a.pre.data(), a.act.data());
    T* next = l + 1 < cfg_.n_layers ? acts_[static_cast<std::size_t>(l + 1)].x.data() : x_final_.data();
    std::memcpy(next, a.mid.data(), sizeof(T) * static_cast<std::size_t>(N) * D);
    linear_forward(N, F, D, a.act.data(), bw.w_proj, bw.b_proj, next, true);  // x' = mid + mlp
  }
  layernorm_forward(N, D, static_cast<T>(cfg_.ln_eps), x_final_.data(), w_.lnf_g, w_.lnf_b, lnf_.data(),
                    meanf_.data(), rstdf_.data());
  linear_forward(N, D, V, lnf_.data(), w_.w_head, w_.b_head, logits_.data());
  return logits_.data();
}

template <class T>
double Network<T>::loss(const std::int32_t* targets) {
  return cross_entropy(batch_.total(), cfg_.vocab, logits_.data(), targets, dlogits_.data());
}

template <class T>
void Network<T>::backward() {
  const SequenceBatch& b = batch_;
  const int N = b.total(), D = cfg_.d_model, F = cfg_.d_mlp, V = cfg_.vocab, H = cfg_.n_heads;
  std::fill(grads_.begin(), grads_.end(), T(0));

  linear_backward(N, D, V, lnf_.data(), w_.w_head, dlogits_.data(), dln_.data(), g_.w_head, g_.b_head);
  layernorm_backward(N, D, x_final_.data(), w_.lnf_g, meanf_.data(), rstdf_.data(), dln_.data(), dx_.data(), g_.lnf_g,
                     g_.lnf_b, false);
  for (int l = cfg_.n_layers - 1; l >= 0; --l) {  // block, last first
    const BlockActs& a = acts_[static_cast<std::size_t>(l)];
    const BlockTensors<T>& bw = w_.blocks[static_cast<std::size_t>(l)];
    const BlockTensors<T>& bg = g_.blocks[static_cast<std::size_t>(l)];
    // dx: ∂L/∂(block output) = ∂L/∂mid through the residual, plus the MLP's path below
    linear_backward(N, F, D, a.act.data(), bw.w_proj, dx_.data(), dact_.data(), bg.w_proj, bg.b_proj);
    relu_backward(static_cast<long>(N) * F, a.pre.data(), dact_.data(), dact_.data());
    linear_backward(N, D, F, a.ln2.data(), bw.w_fc, dact_.data(), dln_.data(), bg.w_fc, bg.b_fc);
    layernorm_backward(N, D, a.mid.data(), bw.ln2_g, a.mean2.data(), a.rstd2.data(), dln_.data(), dx_.data(), bg.ln2_g,
                       bg.ln2_b, true);
    // dx: ∂L/∂mid
    linear_backward(N, D, D, a.att.data(), bw.w_out, dx_.data(), datt_.data(), bg.w_out, bg.b_out);
    for (int s = 0; s < b.count; ++s) {  // sequence
      const long start = b.starts[s];
      attention_backward(AttentionDims{D, H, b.starts[s + 1] - b.starts[s]}, *scheme_, l, positions_.data() + start,
                         a.qkv.data() + start * 3 * D, a.probs.data() + prob_at_[static_cast<std::size_t>(s)],
                         datt_.data() + start * D, dqkv_.data() + start * 3 * D, dscores_.data());
    }
    linear_backward(N, D, 3 * D, a.ln1.data(), bw.w_qkv, dqkv_.data(), dln_.data(), bg.w_qkv, bg.b_qkv);
    layernorm_backward(N, D, a.x.data(), bw.ln1_g, a.mean1.data(), a.rstd1.data(), dln_.data(), dx_.data(), bg.ln1_g,
                       bg.ln1_b, true);
    // dx: ∂L/∂(block input)
  }
  embedding_backward(N, D, b.tokens, dx_.data(), g_.tok_emb);
  scheme_->embed_backward(N, D, positions_.data(), dx_.data());
}

template <class T>
const T* Network<T>::probs(int layer, int seq) const {
  return acts_[static_cast<std::size_t>(layer)].probs.data() + prob_at_[static_cast<std::size_t>(seq)];
}

template <class T>
std::size_t Network<T>::memory_bytes() const {
  std::size_t n = 0;
  auto add = [&](const auto& v) { n += v.capacity() * sizeof(v[0]); };
  add(params_), add(grads_), add(bias_);
  n += scheme_->memory_bytes();
  add(positions_), add(prob_at_), add(x_final_), add(lnf_), add(meanf_), add(rstdf_), add(logits_), add(dlogits_);
  add(dx_), add(dln_), add(datt_), add(dqkv_), add(dact_), add(dscores_);
  for (const auto& a : acts_) {
    add(a.x), add(a.ln1), add(a.mean1), add(a.rstd1), add(a.qkv), add(a.probs), add(a.att), add(a.mid), add(a.ln2);
    add(a.mean2), add(a.rstd2), add(a.pre), add(a.act);
  }
  return n;
}

template class Network<float>;
template class Network<double>;

}  // namespace posenc::lab
