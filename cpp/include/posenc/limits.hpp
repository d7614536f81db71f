// Argument checks shared by every entry point, so the same argument gets the same message
// whichever function it was passed to.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "posenc/positions.hpp"
#include "posenc/status.hpp"

namespace posenc {

// Every size limit of the core, in one place. The JS wrapper reads them at init (bindings:
// limits()), so its messages and its checks before allocating never drift from these.

// Largest head or model dimension accepted. Far above any real model (8192 is large),
// small enough that dim × dim float64 rotation matrices still fit in wasm memory.
constexpr int kMaxDim = 1 << 14;
// Largest single result, in bytes. wasm32 memory is capped at 2 GiB here, and a result
// is copied once to JS, so one result may take at most a quarter of it.
constexpr double kMaxResultBytes = 512.0 * 1024 * 1024;
// Longest position list accepted (2^26: a 128k-token table is 2^17).
constexpr double kMaxPositions = 67108864.0;
constexpr int kMaxHeads = 1 << 16;            // applyRope: heads of a [seq, heads, headDim] tensor
constexpr int kMaxScoreSide = 1 << 16;        // scores: queries, keys
constexpr double kMaxListLength = 268435456;  // t5RelativeBucket inputs, colormap values (2^28)
constexpr int kMaxLutSize = 1 << 16;          // colormap colours
constexpr int kMaxAlibiHeads = 4096;
constexpr int kMaxAlibiLength = 1 << 16;
constexpr int kMaxT5Buckets = 1 << 16;
constexpr double kMaxT5Distance = 1e9;
// The page's float64 measurements (analysis): small matrices, short tables.
constexpr int kMaxMatrixSide = 4096;          // rows and columns of an analysis matrix
constexpr int kMaxTableRows = 1 << 20;        // binary / normalised encodings, learned table rows
constexpr int kMaxBits = 52;                  // binary encoding: positions stay exact in a double
constexpr int kMaxFitDim = 256;               // least-squares shift fit (dense SVD of n × dim)
constexpr int kMaxFitPositions = 8192;
constexpr int kMaxRelativeLength = 4096;      // relative bias matrices, Shaw indices and clipping
constexpr int kMaxOffsets = 1 << 20;          // offsets per curve
constexpr int kMaxToySide = 1024;             // toy attention of the chapters: positions n and dimension d
constexpr double kMaxSeed = 9007199254740991.0;  // 2^53 − 1: every seed a JS number can hold exactly
// The training lab (it runs in a browser worker: sizes stay small).
constexpr int kMaxModelDim = 1024;            // d_model
constexpr int kMaxLayers = 16;
constexpr int kMaxLength = 4096;              // longest sequence a model is asked about
constexpr int kMaxBatch = 1024;
constexpr int kMaxVocab = 1 << 16;
constexpr int kMaxSteps = 10000000;           // training steps, warm-up steps
// Most memory one model may hold (network buffers, plus AdamW state while training), checked
// before allocating: wasm32 memory is capped at 2 GiB, and a worker may hold a few models.
constexpr double kMaxNetworkBytes = 512.0 * 1024 * 1024;
constexpr int kMaxLabTableSide = 4096;        // a position table profiled or drawn: rows, columns

std::string format_number(double v);

Status check_dim(const char* name, double dim, bool must_be_even);
Status check_base(double base, const char* name = "base");
Status check_finite(const char* name, double v);
Status check_positive(const char* name, double v);
Status check_count(const char* name, double n, double max);
// Integer in [lo, hi].
Status check_integer(const char* name, double v, double lo, double hi);
// A finite number in [lo, hi], or (lo, hi] when lo_open.
Status check_real(const char* name, double v, double lo, double hi, bool lo_open = false);
Status check_result_size(const char* what, double elements, double bytes_per_element);
// Can `bytes` be allocated now? Tried, then freed: in wasm a failed allocation inside Eigen or the
// standard library aborts the instance, so a function that is about to allocate a large result asks
// first, and a full memory becomes a RangeError that says so (the next call works once memory is freed).
Status check_memory(const char* what, double bytes);
// Count within bounds and every explicit position finite.
Status check_positions(const Positions& p);

}  // namespace posenc
