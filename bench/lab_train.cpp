// Trains lab models from the command line and prints loss, timing and accuracy past the training
// length: the driver behind the default-experiment runs in docs/LAB.md. Natively:
//   bash scripts/lab-experiment.sh [key=value …]   (or compile this file with the lab sources)
// and compiled to wasm (em++ -O3 -msimd128) under Node for the wasm timings (there std::clock() is
// wall time, so cpu_s equals train_s: take CPU time from `/usr/bin/time` instead).
//   keys: task, encoding (comma list or "all"), seeds (comma list), steps, batch, lr, warmup, d_model,
//         heads, layers, mlp, train_length, min_length, wd, clip, eval (sequences), lengths (multiples
//         of train_length, comma list), stretch (rope: also pi,ntk,yarn), log (steps between prints),
//         dump (file: after training, the config, every tensor and the logits of one sequence of
//         dump_length tokens, as text for scripts/lab-reference.py); and any ModelConfig field by its
//         own name (rope_base, xpos_scale_base, p_rope_fraction, fire_mlp_width, fire_threshold,
//         cope_npos, irope_interval, irope_floor_scale, irope_attn_scale, random_positions, …)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(item);
  return out;
}

// A ModelConfig field from its text, and back (the dump's config line lists every field).
void assign(double& f, const std::string& v) { f = std::atof(v.c_str()); }
void assign(int& f, const std::string& v) { f = std::atoi(v.c_str()); }
void assign(Encoding& f, const std::string& v) { f = parse_encoding(v).value; }
void assign(RopeLayout& f, const std::string& v) { f = v == "half" ? RopeLayout::Half : RopeLayout::Interleaved; }
std::string text(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}
std::string text(int v) { return std::to_string(v); }
std::string text(Encoding e) { return encoding_name(e); }
std::string text(RopeLayout l) { return l == RopeLayout::Half ? "half" : "interleaved"; }

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> a;
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    const auto eq = s.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "arguments are key=value\n");
      return 2;
    }
    a[s.substr(0, eq)] = s.substr(eq + 1);
  }
  auto get = [&](const char* k, const std::string& d) { return a.count(k) ? a[k] : d; };
  auto num = [&](const char* k, double d) { return a.count(k) ? std::atof(a[k].c_str()) : d; };

  ModelConfig mc;
  TrainConfig tc;
  tc.task = get("task", "");
  mc.d_model = static_cast<int>(num("d_model", mc.d_model));
  mc.n_heads = static_cast<int>(num("heads", mc.n_heads));
  mc.n_layers = static_cast<int>(num("layers", mc.n_layers));
  mc.d_mlp = static_cast<int>(num("mlp", mc.d_mlp));
  mc.t5_num_buckets = static_cast<int>(num("t5_buckets", mc.t5_num_buckets));
  mc.t5_max_distance = static_cast<int>(num("t5_max_distance", mc.t5_max_distance));
  if (get("layout", "interleaved") == "half") mc.rope_layout = RopeLayout::Half;
  for_each_field(mc, [&](const char* key, auto& f) {
    if (a.count(key) && std::string(key) != "encoding") assign(f, a[key]);
  });
  tc.train_length = static_cast<int>(num("train_length", tc.train_length));
  tc.min_length = static_cast<int>(num("min_length", tc.min_length));
  tc.batch_size = static_cast<int>(num("batch", tc.batch_size));
  tc.steps = static_cast<int>(num("steps", tc.steps));
  tc.lr = num("lr", tc.lr);
  tc.warmup_steps = static_cast<int>(num("warmup", tc.warmup_steps));
  tc.final_lr_fraction = num("final_lr", tc.final_lr_fraction);
  tc.weight_decay = num("wd", tc.weight_decay);
  tc.clip_norm = num("clip", tc.clip_norm);
  tc.beta2 = num("beta2", tc.beta2);
  tc.init_std = num("init_std", tc.init_std);
  tc.embed_init_std = num("embed_std", tc.embed_init_std);
  const int log_every = static_cast<int>(num("log", 0));
  const int eval_sequences = static_cast<int>(num("eval", 256));
  std::vector<double> multiples;
  for (const auto& m : split(get("lengths", "1,1.5,2,3,4"))) multiples.push_back(std::atof(m.c_str()));
  std::vector<std::string> encodings = split(get("encoding", "all"));
  if (encodings.size() == 1 && encodings[0] == "all") encodings = encoding_names();
  std::vector<std::string> stretches = split(get("stretch", "none,pi,ntk,yarn"));

  for (const auto& seed_s : split(get("seeds", "1"))) {
    tc.seed = std::strtoull(seed_s.c_str(), nullptr, 10);
    for (const auto& enc : encodings) {
      auto e = parse_encoding(enc);
      if (!e.ok()) {
        std::fprintf(stderr, "%s\n", e.status.message.c_str());
        return 2;
      }
      mc.encoding = e.value;
      auto tr = Trainer::create(mc, tc);
      if (!tr.ok()) {
        std::fprintf(stderr, "%s\n", tr.status.message.c_str());
        return 2;
      }
      Trainer& t = tr.value;
      const double t0 = now_s();
      const std::clock_t c0 = std::clock();
      double loss_avg = 0;
      while (!t.done()) {
        const double loss = t.step();
        loss_avg = t.steps_done() == 1 ? loss : 0.95 * loss_avg + 0.05 * loss;
        if (log_every > 0 && t.steps_done() % log_every == 0) {
          std::printf("  step %5d loss %.4f (avg %.4f) |g| %.3f  %.1f s\n", t.steps_done(), loss, loss_avg,
                      t.last_grad_norm(), now_s() - t0);
          std::fflush(stdout);
        }
      }
      const double train_s = now_s() - t0;
      if (a.count("dump")) {
        const int n = static_cast<int>(num("dump_length", 2 * tc.train_length));
        const ModelConfig& m = t.model().config();
        int len = m.encoding == Encoding::Learned ? std::min(n, m.n_max) : n;
        if (m.random_positions > 0) len = std::min(len, m.random_positions);
        Rng rng(99);
        std::vector<std::int32_t> tokens(static_cast<std::size_t>(len)), targets(tokens.size());
        generate(t.model().task(), len, rng, tokens.data(), targets.data());
        const auto logits = t.model().logits(tokens).value;
        FILE* f = std::fopen(a["dump"].c_str(), "w");
        std::string line = "config";
        for_each_field(m, [&](const char* key, const auto& v) { line += std::string(" ") + key + "=" + text(v); });
        std::fprintf(f, "%s\n", line.c_str());
        for (const auto& nt : t.model().tensors()) {
          std::fprintf(f, "tensor %s", nt.name.c_str());
          for (int d : nt.shape) std::fprintf(f, " %d", d);
          std::fprintf(f, "\n");
          for (std::size_t i = 0; i < nt.size; ++i) std::fprintf(f, "%.9g ", nt.data[i]);
          std::fprintf(f, "\n");
        }
        std::fprintf(f, "tokens");
        for (int tok : tokens) std::fprintf(f, " %d", tok);
        if (m.random_positions > 0) {  // the positions logits() used: lab.hpp, kPositionStream
          std::vector<std::int32_t> pos(tokens.size());
          Rng prng((static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull) ^ kPositionStream);
          sample_positions(prng, len, m.random_positions, pos.data());
          std::fprintf(f, "\npositions");
          for (int p : pos) std::fprintf(f, " %d", p);
        }
        std::fprintf(f, "\nlogits\n");
        for (float z : logits) std::fprintf(f, "%.9g ", z);
        std::fprintf(f, "\n");
        std::fclose(f);
      }
      const double cpu_s = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
      std::vector<int> lengths;
      for (double m : multiples) lengths.push_back(static_cast<int>(std::lround(m * tc.train_length)));
      const double e0 = now_s();
      for (const auto& st : stretches) {
        const RopeStretch stretch = parse_stretch(st).value;
        if (stretch != RopeStretch::None && !unit(mc.encoding).stretchable) continue;
        EvalOptions eo;
        eo.lengths = lengths;
        eo.sequences = eval_sequences;
        eo.stretch = stretch;
        auto rows = t.model().evaluate(eo);
        if (!rows.ok()) {
          std::fprintf(stderr, "%s\n", rows.status.message.c_str());
          return 2;
        }
        std::printf("RESULT task=%s enc=%s%s%s seed=%llu steps=%d train_s=%.2f cpu_s=%.2f steps_per_cpu_s=%.1f final_loss=%.4f |",
                    task_name(t.model().task()), enc.c_str(), stretch != RopeStretch::None ? "+" : "",
                    stretch != RopeStretch::None ? st.c_str() : "", static_cast<unsigned long long>(tc.seed), tc.steps,
                    train_s, cpu_s, tc.steps / cpu_s, loss_avg);
        for (const auto& r : rows.value) {
          if (r.beyond_table) {
            std::printf(" L%d: beyond", r.length);
          } else {
            std::printf(" L%d: %.3f/%.3f", r.length, r.token_accuracy, r.sequence_accuracy);
          }
        }
        std::printf("\n");
        std::fflush(stdout);
      }
      std::printf("  eval %.2f s, memory %.2f MiB (network) + %.2f MiB (AdamW state)\n", now_s() - e0,
                  t.model().network().memory_bytes() / 1048576.0,
                  2.0 * sizeof(float) * t.model().network().params().size() / 1048576.0);
    }
  }
  return 0;
}
