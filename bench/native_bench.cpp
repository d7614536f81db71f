// The same kernels natively (-O3 -march=native), for the "native" column of the benchmark:
// generic (the compiler may auto-vectorise with AVX2/FMA) and simd (the 128-bit v128 layer, SSE),
// plus the memory pass; and one training step of the lab's default experiment per encoding
// (medianMs per step and stepsPerSecond). Prints one JSON object per line; bench/run.ts merges them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "kernels/memory_pass.hpp"
#include "kernels/rope_kernel.hpp"
#include "kernels/score_kernel.hpp"
#include "kernels/sinusoidal_kernel.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/lab.hpp"

using namespace posenc;
using Clock = std::chrono::steady_clock;

namespace {

double now_ms() { return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count(); }

double measure(const std::function<void()>& run) {
  int reps = 0;
  const double t0 = now_ms();
  do {
    run();
    ++reps;
  } while (reps < 2 || (now_ms() - t0 < 150 && reps < 10000));
  const double one = (now_ms() - t0) / reps;
  const int per = std::max(1, static_cast<int>(10 / std::max(one, 1e-6)) + 1);
  const int count = std::max(5, std::min(21, static_cast<int>(2500 / (one * per))));
  std::vector<double> t;
  for (int s = 0; s < count; ++s) {
    const double a = now_ms();
    for (int r = 0; r < per; ++r) run();
    t.push_back((now_ms() - a) / per);
  }
  std::sort(t.begin(), t.end());
  return count % 2 ? t[count / 2] : (t[count / 2 - 1] + t[count / 2]) / 2;
}

void report(const std::string& c, const std::string& variant, double ms) {
  std::printf("{\"case\":\"%s\",\"variant\":\"%s\",\"medianMs\":%.6f}\n", c.c_str(), variant.c_str(), ms);
  std::fflush(stdout);
}

std::vector<float> data(std::size_t n) {
  std::vector<float> v(n);
  unsigned a = 1;
  for (auto& x : v) {
    a = a * 1103515245u + 12345u;
    x = static_cast<float>(a) / 2147483648.0f - 1;
  }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string compiler = argc > 1 ? argv[1] : "cc";
  struct R {
    const char* id;
    int seq, heads, hd;
    RopeLayout layout;
  };
  const R ropes[] = {{"rope [128,8,64] interleaved", 128, 8, 64, RopeLayout::Interleaved},
                     {"rope [128,8,64] half", 128, 8, 64, RopeLayout::Half},
                     {"rope [4096,32,128] interleaved (64 MiB)", 4096, 32, 128, RopeLayout::Interleaved},
                     {"rope [4096,32,128] half (64 MiB)", 4096, 32, 128, RopeLayout::Half}};
  for (const auto& r : ropes) {
    auto x = data(static_cast<std::size_t>(r.seq) * r.heads * r.hd);
    const auto inv = default_inv_freq(r.hd, 10000);
    kernels::RopeArgs a;
    a.seq = r.seq;
    a.heads = r.heads;
    a.head_dim = a.rot_dim = r.hd;
    a.layout = r.layout;
    a.inv_freq = inv.data();
    a.positions = Positions::range(r.seq);
    report(r.id, "native-" + compiler + "-generic", measure([&] { kernels::rope_apply_generic(a, x.data(), x.data()); }));
    report(r.id, "native-" + compiler + "-simd", measure([&] { kernels::rope_apply_simd(a, x.data(), x.data()); }));
    report(r.id, "native-" + compiler + "-memory-pass", measure([&] { kernels::memory_pass(x.data(), x.data(), x.size(), 1.0f); }));
  }
  {
    std::vector<float> out(4096 * 512);
    const auto inv = default_inv_freq(512, 10000);
    const auto p = Positions::range(4096);
    const char* id = "sinusoidal [4096,512]";
    report(id, "native-" + compiler + "-generic", measure([&] { kernels::sinusoidal_generic(p, inv.data(), 512, SinusoidalLayout::Interleaved, out.data()); }));
    report(id, "native-" + compiler + "-simd", measure([&] { kernels::sinusoidal_simd(p, inv.data(), 512, SinusoidalLayout::Interleaved, out.data()); }));
  }
  {
    std::vector<float> out(4096 * 128);
    const auto inv = default_inv_freq(128, 10000);
    const auto p = Positions::range(4096);
    const char* id = "cos/sin cache [4096,64 pairs]";
    report(id, "native-" + compiler + "-generic", measure([&] { kernels::sinusoidal_generic(p, inv.data(), 128, SinusoidalLayout::Concat, out.data()); }));
    report(id, "native-" + compiler + "-simd", measure([&] { kernels::sinusoidal_simd(p, inv.data(), 128, SinusoidalLayout::Concat, out.data()); }));
  }
  {
    const auto q = data(512 * 128), k = data(512 * 128);
    std::vector<float> out(512 * 512);
    const char* id = "scores 512×512×128";
    report(id, "native-" + compiler + "-generic", measure([&] { kernels::scores_generic(q.data(), k.data(), 512, 512, 128, 1, out.data()); }));
    report(id, "native-" + compiler + "-simd", measure([&] { kernels::scores_simd(q.data(), k.data(), 512, 512, 128, 1, out.data()); }));
  }
  // The lab: one AdamW step of the default experiment (default task, TrainConfig and ModelConfig
  // defaults), after one step of warm-up so the buffers are allocated.
  for (const auto& enc : lab::encoding_names()) {
    lab::ModelConfig mc;
    mc.encoding = lab::parse_encoding(enc).value;
    lab::TrainConfig tc;
    tc.steps = 10000000;  // the largest allowed; the cost of a step does not depend on the schedule
    auto t = lab::Trainer::create(mc, tc);
    if (!t.ok()) {
      std::fprintf(stderr, "lab: %s\n", t.status.message.c_str());
      return 1;
    }
    t.value.step();
    const double ms = measure([&] { t.value.step(); });
    std::printf("{\"case\":\"lab train step (default experiment, %s)\",\"variant\":\"native-%s-simd\",\"medianMs\":%.6f,"
                "\"stepsPerSecond\":%.1f}\n", enc.c_str(), compiler.c_str(), ms, 1000.0 / ms);
    std::fflush(stdout);
  }
  return 0;
}
