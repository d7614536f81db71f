// Embind: the training lab (docs/LAB.md, "Handoff"). Models live here, in a table of handles: JS
// holds a number, never a C++ object, so a forgotten model costs memory but cannot be used after it
// was freed (the handle is simply gone), and no result points into wasm memory: every array is
// copied out. Each function returns a plain value or { error, kind } (the TS wrapper throws it).
//
// The TS wrapper (web/src/lib/lab/) checks JS types and fills defaults (read from labInfo(), so
// they are the C++ ones); every range is checked here or by the core's validate(...).
#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "js_values.hpp"
#include "posenc/absolute.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_analysis.hpp"
#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"

using namespace posenc;
using namespace posenc::lab;
using js::val;

namespace {

// A model, and while it trains, its trainer (AdamW state, data stream). Training is finished or
// abandoned by dropping the trainer; the model stays.
struct Session {
  std::unique_ptr<Trainer> trainer;  // null once training is over (or for a loaded model)
  std::unique_ptr<Model> loaded;     // a model rebuilt from tensors
  TrainConfig train;                 // how it was (or is being) trained; steps done below
  int steps_done = 0;
  Model& model() { return trainer ? trainer->model() : *loaded; }
};

std::map<int, Session>& sessions() {
  static std::map<int, Session> s;
  return s;
}
int g_next_handle = 1;

Result<Session*> session(double handle) {
  auto it = sessions().find(static_cast<int>(handle));
  if (handle != static_cast<int>(handle) || it == sessions().end()) {
    return Status::type("this model was disposed (or is not a lab model)");
  }
  return &it->second;
}

// Config fields arrive from the wrapper present and of the right JS type (it reads the field list
// from labInfo()); integers are checked here, ranges by validate(). One overload per field type.
Status read_field(const val& o, const char* key, double& f) {
  f = o[key].as<double>();
  return Status::success();
}
Status read_field(const val& o, const char* key, int& f) {
  const double v = o[key].as<double>();
  if (!std::isfinite(v) || std::floor(v) != v) return Status::range(std::string(key) + " must be an integer, got " + format_number(v));
  if (std::fabs(v) > 2147483647.0) {  // far outside every range validate() allows
    return Status::range(std::string(key) + " must be an integer of magnitude below 2^31, got " + format_number(v));
  }
  f = static_cast<int>(v);
  return Status::success();
}
Status read_field(const val& o, const char* key, std::uint64_t& f) {
  const double v = o[key].as<double>();
  if (auto s = check_integer(key, v, 0, kMaxSeed); !s.ok()) return s;
  f = static_cast<std::uint64_t>(v);
  return Status::success();
}
Status read_field(const val& o, const char* key, std::string& f) {
  f = o[key].as<std::string>();
  return Status::success();
}
Status read_field(const val& o, const char* key, Encoding& f) {
  auto e = parse_encoding(o[key].as<std::string>());
  if (!e.ok()) return e.status;
  f = e.value;
  return Status::success();
}
Status read_field(const val& o, const char* key, RopeLayout& f) {
  const std::string layout = o[key].as<std::string>();
  if (layout != "interleaved" && layout != "half") {
    return Status::range(std::string(key) + " must be 'interleaved' or 'half', got '" + layout + "'");
  }
  f = layout == "half" ? RopeLayout::Half : RopeLayout::Interleaved;
  return Status::success();
}

val field_val(double v) { return val(v); }
val field_val(int v) { return val(v); }
val field_val(std::uint64_t v) { return val(static_cast<double>(v)); }
val field_val(const std::string& v) { return val(v); }
val field_val(Encoding e) { return val(std::string(encoding_name(e))); }
val field_val(RopeLayout l) { return val(std::string(l == RopeLayout::Half ? "half" : "interleaved")); }

// The JS type of a field: 'string' (names: encoding, layout, task) or 'number'.
const char* field_kind(const std::string&) { return "string"; }
const char* field_kind(Encoding) { return "string"; }
const char* field_kind(RopeLayout) { return "string"; }
template <class T>
const char* field_kind(const T&) {
  return "number";
}

template <class C>
Result<C> config_from(const val& o) {
  C c;
  Status st;
  for_each_field(c, [&](const char* key, auto& f) {
    if (st.ok()) st = read_field(o, key, f);
  });
  if (!st.ok()) return st;
  return c;
}

template <class C>
val config_val(const C& c) {
  val o = val::object();
  for_each_field(c, [&](const char* key, const auto& f) { o.set(key, field_val(f)); });
  return o;
}

// [{ name, kind }] in the struct's order: what pe.lab's options, the file's metadata and the
// generated types (scripts/gen-types.mjs) read.
template <class C>
val config_fields() {
  val a = val::array();
  for_each_field(C{}, [&](const char* key, const auto& f) {
    val x = val::object();
    x.set("name", std::string(key));
    x.set("kind", std::string(field_kind(f)));
    a.call<void>("push", x);
  });
  return a;
}

Result<ModelConfig> model_config(const val& o) { return config_from<ModelConfig>(o); }
Result<TrainConfig> train_config(const val& o) { return config_from<TrainConfig>(o); }
val model_config_val(const ModelConfig& m) { return config_val(m); }
val train_config_val(const TrainConfig& t) {
  val o = config_val(t);
  if (t.task.empty()) o.set("task", std::string(task_name(default_task())));
  return o;
}

Result<std::vector<std::int32_t>> tokens_from(const val& v) {
  // The wrapper passes an Int32Array; copied into a vector the core checks (ids, length).
  const double n = v["length"].as<double>();
  if (auto s = check_integer("tokens.length", n, 1, kMaxLength); !s.ok()) return s;
  return emscripten::convertJSArrayToNumberVector<std::int32_t>(v);
}

// What the wrapper needs before any call: names, defaults and limits, all from the core.
val lab_info() {
  val o = val::object();
  o.set("encodings", js::strings(encoding_names()));
  val units = val::array();  // the encoding units' own facts (lab_encoding.hpp)
  for (std::size_t i = 0; i < encoding_names().size(); ++i) {
    const EncodingUnit& u = unit(static_cast<Encoding>(i));
    val x = val::object();
    x.set("name", std::string(u.name));
    x.set("source", std::string(u.source));
    x.set("stretchable", u.stretchable);
    units.call<void>("push", x);
  }
  o.set("units", units);
  o.set("tasks", js::strings(task_names()));
  o.set("stretches", js::strings(stretch_names()));
  o.set("layouts", js::strings({"interleaved", "half"}));
  std::vector<std::string> names;
  for (int t = 0; t < kVocab; ++t) names.push_back(token_name(t));
  o.set("tokenNames", js::strings(names));
  o.set("model", model_config_val(ModelConfig{}));
  o.set("train", train_config_val(TrainConfig{}));
  o.set("modelFields", config_fields<ModelConfig>());
  o.set("trainFields", config_fields<TrainConfig>());
  std::vector<double> min_lengths;
  for (const auto& t : task_names()) min_lengths.push_back(task_min_length(parse_task(t).value));
  o.set("taskMinLength", js::f64(min_lengths));
  val limits = val::object();
  limits.set("maxLength", kMaxLength);
  limits.set("maxModelDim", kMaxModelDim);
  limits.set("maxLayers", kMaxLayers);
  limits.set("maxBatch", kMaxBatch);
  limits.set("maxNetworkBytes", kMaxNetworkBytes);
  limits.set("maxSeed", kMaxSeed);
  o.set("limits", limits);
  val eval = val::object();
  const EvalOptions e;
  eval.set("sequences", e.sequences);
  eval.set("seed", static_cast<double>(e.seed));
  o.set("evaluate", eval);
  return o;
}

int add_session(Session s) {
  const int h = g_next_handle++;
  sessions().emplace(h, std::move(s));
  return h;
}

val lab_create(val model, val train) {
  POSENC_TRY(m, model_config(model));
  POSENC_TRY(t, train_config(train));
  POSENC_TRY(trainer, Trainer::create(m, t));
  Session s;
  s.train = t;
  if (s.train.task.empty()) s.train.task = task_name(default_task());
  s.trainer = std::make_unique<Trainer>(std::move(trainer));
  return val(add_session(std::move(s)));
}

// Runs up to `count` steps; returns their losses (float64, one per step) and where training is.
val lab_step(double handle, double count) {
  POSENC_TRY(s, session(handle));
  POSENC_CHECK(check_integer("count", count, 0, 1e6));
  if (!s->trainer) return js::error_val(Status::type("this model is not training (it was loaded, or training ended)"));
  std::vector<double> losses, norms;
  for (int i = 0; i < static_cast<int>(count) && !s->trainer->done(); ++i) {
    losses.push_back(s->trainer->step());
    norms.push_back(s->trainer->last_grad_norm());
  }
  s->steps_done = s->trainer->steps_done();
  val o = val::object();
  o.set("losses", js::f64(losses));
  o.set("gradNorms", js::f64(norms));
  o.set("step", s->steps_done);
  o.set("done", s->trainer->done());
  return o;
}

// Ends training: drops the optimizer state and the data stream, keeps the model.
val lab_finish(double handle) {
  POSENC_TRY(s, session(handle));
  if (s->trainer) {
    s->loaded = std::make_unique<Model>(std::move(s->trainer->model()));
    s->trainer.reset();
  }
  return val(true);
}

val lab_describe(double handle) {
  POSENC_TRY(s, session(handle));
  val o = val::object();
  o.set("model", model_config_val(s->model().config()));
  o.set("train", train_config_val(s->train));
  o.set("task", std::string(task_name(s->model().task())));
  o.set("trainLength", s->model().train_length());
  o.set("stepsDone", s->steps_done);
  o.set("parameters", static_cast<double>(parameter_count(s->model().network().layout())));
  o.set("memoryBytes", static_cast<double>(s->model().network().memory_bytes()));
  return o;
}

val lab_evaluate(double handle, val lengths, double sequences, double seed, std::string stretch) {
  POSENC_TRY(s, session(handle));
  POSENC_TRY(lens, js::to_indices(lengths, "lengths"));
  POSENC_CHECK(check_integer("sequences", sequences, 1, 100000));
  POSENC_CHECK(check_integer("seed", seed, 0, kMaxSeed));
  POSENC_TRY(st, parse_stretch(stretch));
  EvalOptions o;
  o.lengths = lens;
  o.sequences = static_cast<int>(sequences);
  o.seed = static_cast<std::uint64_t>(seed);
  o.stretch = st;
  POSENC_TRY(rows, s->model().evaluate(o));
  val out = val::array();
  for (const EvalRow& r : rows) {
    val row = val::object();
    row.set("length", r.length);
    row.set("beyondTable", r.beyond_table);
    row.set("tokenAccuracy", r.beyond_table ? val::null() : val(r.token_accuracy));
    row.set("sequenceAccuracy", r.beyond_table ? val::null() : val(r.sequence_accuracy));
    row.set("sequences", r.sequences);
    row.set("scored", static_cast<double>(r.scored));
    out.call<void>("push", row);
  }
  return out;
}

val lab_logits(double handle, val tokens, std::string stretch) {
  POSENC_TRY(s, session(handle));
  POSENC_TRY(t, tokens_from(tokens));
  POSENC_TRY(st, parse_stretch(stretch));
  POSENC_TRY(z, s->model().logits(t, st));
  return js::typed_copy(z.data(), z.size());
}

val lab_attention(double handle, val tokens, std::string stretch) {
  POSENC_TRY(s, session(handle));
  POSENC_TRY(t, tokens_from(tokens));
  POSENC_TRY(st, parse_stretch(stretch));
  POSENC_TRY(a, s->model().attention(t, st));
  return js::typed_copy(a.data(), a.size());
}

// The bias of the last of `length` queries against every key, [layers, heads, length] (Model::bias_curves).
val lab_bias_curves(double handle, double length) {
  POSENC_TRY(s, session(handle));
  POSENC_CHECK(check_integer("length", length, 1, kMaxLength));
  POSENC_TRY(c, s->model().bias_curves(static_cast<int>(length)));
  return js::typed_copy(c.data(), c.size());
}

// CoPE's counted positions, [layers, heads, n, n] (Model::counted_positions).
val lab_counted_positions(double handle, val tokens) {
  POSENC_TRY(s, session(handle));
  POSENC_TRY(t, tokens_from(tokens));
  POSENC_TRY(c, s->model().counted_positions(t));
  return js::typed_copy(c.data(), c.size());
}

// The answer at each position (the first largest logit), as evaluate() scores it.
val lab_predict(double handle, val tokens, std::string stretch) {
  POSENC_TRY(s, session(handle));
  POSENC_TRY(t, tokens_from(tokens));
  POSENC_TRY(st, parse_stretch(stretch));
  POSENC_TRY(z, s->model().logits(t, st));
  const int V = s->model().config().vocab;
  std::vector<std::int32_t> best(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    const float* row = z.data() + i * static_cast<std::size_t>(V);
    best[i] = static_cast<std::int32_t>(std::max_element(row, row + V) - row);
  }
  return js::typed_copy(best.data(), best.size());
}

val lab_tensors(double handle) {
  POSENC_TRY(s, session(handle));
  val out = val::array();
  for (const NamedTensor& t : s->model().tensors()) {
    val o = val::object();
    o.set("name", t.name);
    std::vector<double> shape(t.shape.begin(), t.shape.end());
    o.set("shape", js::f64(shape));
    o.set("data", js::typed_copy(t.data, t.size));
    out.call<void>("push", o);
  }
  return out;
}

// tensors: [{ name, shape: number[], data: Float32Array }]. Names and shapes are checked against the
// configuration before any data is copied (a file cannot make this allocate more than the model).
val lab_from_tensors(val model, std::string task, double train_length, val train, val tensors) {
  POSENC_TRY(m, model_config(model));
  POSENC_CHECK(check_integer("train_length", train_length, 1, kMaxLength));
  POSENC_TRY(t, train_config(train));
  t.task = task;
  t.train_length = static_cast<int>(train_length);
  POSENC_CHECK(validate(m));
  POSENC_CHECK(check_memory(m, 0, 0, 0, "this model"));
  const auto layout = parameter_layout(m);
  const double count = tensors["length"].as<double>();
  if (count > static_cast<double>(layout.size()) + 1) {
    return js::error_val(Status::range("the file has " + format_number(count) + " tensors; a " +
                                       encoding_name(m.encoding) + " model of this configuration has " +
                                       std::to_string(layout.size())));
  }
  std::vector<std::vector<float>> data;
  std::vector<NamedTensor> named;
  data.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < static_cast<int>(count); ++i) {
    const val v = tensors[i];
    NamedTensor nt;
    nt.name = v["name"].as<std::string>();
    const auto shape = emscripten::convertJSArrayToNumberVector<double>(v["shape"]);
    const TensorSpec* spec = nullptr;
    for (const auto& sp : layout) {
      if (sp.name == nt.name) spec = &sp;
    }
    if (spec == nullptr) return js::error_val(Status::range("tensor '" + nt.name + "' is not a parameter of this model"));
    bool same = shape.size() == spec->shape.size();
    for (std::size_t k = 0; same && k < shape.size(); ++k) same = shape[k] == spec->shape[k];
    if (!same || v["data"]["length"].as<double>() != static_cast<double>(spec->size)) {
      std::string want;
      for (int d : spec->shape) want += (want.empty() ? "" : ", ") + std::to_string(d);
      return js::error_val(Status::range("tensor '" + nt.name + "' must have shape [" + want + "]"));
    }
    nt.shape = spec->shape;
    data.push_back(emscripten::convertJSArrayToNumberVector<float>(v["data"]));
    nt.data = data.back().data();
    nt.size = data.back().size();
    named.push_back(std::move(nt));
  }
  POSENC_TRY(loaded, Model::from_tensors(m, task, t.train_length, named));
  Session s;
  s.train = t;
  s.loaded = std::make_unique<Model>(std::move(loaded));
  return val(add_session(std::move(s)));
}

val lab_free(double handle) {
  const auto it = sessions().find(static_cast<int>(handle));
  if (handle != static_cast<int>(handle) || it == sessions().end()) return val(false);
  sessions().erase(it);
  return val(true);
}

val lab_live() { return val(static_cast<double>(sessions().size())); }

// Sequence `index` of the evaluation set at `length` (the same sequences evaluate() scores, for
// every model of the task): tokens and targets (−1: not scored).
val lab_sample(std::string task, double length, double index, double seed) {
  POSENC_TRY(t, parse_task(task));
  POSENC_CHECK(check_integer("length", length, task_min_length(t), kMaxLength));
  POSENC_CHECK(check_integer("index", index, 0, 100000));
  POSENC_CHECK(check_integer("seed", seed, 0, kMaxSeed));
  const int n = static_cast<int>(length);
  Rng rng(static_cast<std::uint64_t>(seed) ^ (static_cast<std::uint64_t>(n) * 0x9E3779B97F4A7C15ull));
  std::vector<std::int32_t> tokens, targets;
  std::vector<int> starts;
  for (int i = 0; i <= static_cast<int>(index); ++i) sample_batch(t, 1, n, n, rng, tokens, targets, starts);
  val o = val::object();
  o.set("tokens", js::typed_copy(tokens.data(), static_cast<std::size_t>(n)));
  o.set("targets", js::typed_copy(targets.data(), static_cast<std::size_t>(n)));
  return o;
}

// A position table's profile (lab_analysis.hpp): row similarities, by distance, waves per column.
val lab_table_profile(val table, double rows, double cols) {
  POSENC_CHECK(check_integer("rows", rows, 2, kMaxLabTableSide));
  POSENC_CHECK(check_integer("cols", cols, 1, kMaxLabTableSide));
  if (table["length"].as<double>() != rows * cols) {
    return js::error_val(Status::range("table must have rows × cols = " + format_number(rows * cols) + " values"));
  }
  const auto t = emscripten::convertJSArrayToNumberVector<float>(table);
  POSENC_TRY(p, table_profile(t.data(), rows, cols));
  val o = val::object();
  o.set("similarity", js::f64(p.similarity));
  o.set("byDistance", js::f64(p.by_distance));
  o.set("waveShare", js::f64(p.wave_share));
  o.set("dominant", js::typed_copy(p.dominant.data(), p.dominant.size()));
  o.set("meanWaveShare", p.mean_wave_share);
  return o;
}

val lab_sinusoids_js(double rows, double d_model) {
  POSENC_TRY(t, lab_sinusoids(rows, d_model));
  return js::typed_copy(t.data(), t.size());
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_lab) {
  using emscripten::function;
  function("labTableProfile", &lab_table_profile);
  function("labSinusoids", &lab_sinusoids_js);
  function("labInfo", &lab_info);
  function("labCreate", &lab_create);
  function("labStep", &lab_step);
  function("labFinish", &lab_finish);
  function("labDescribe", &lab_describe);
  function("labEvaluate", &lab_evaluate);
  function("labLogits", &lab_logits);
  function("labAttention", &lab_attention);
  function("labPredict", &lab_predict);
  function("labBiasCurves", &lab_bias_curves);
  function("labCountedPositions", &lab_counted_positions);
  function("labTensors", &lab_tensors);
  function("labFromTensors", &lab_from_tensors);
  function("labFree", &lab_free);
  function("labLive", &lab_live);
  function("labSample", &lab_sample);
}
