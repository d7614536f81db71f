# Copyright 2024 The HuggingFace Team. All rights reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
# ---------------------------------------------------------------------------------------------
# posenc: independent reference for Hugging Face transformers' RoPE parameters.
#
# This file is a transliteration (a "derivative work" under the Apache License 2.0, modified by
# the posenc authors) of the functions that decide a model's rotary embedding in Hugging Face
# transformers. It was written from the transformers source and from nothing in posenc.
#
# What was read (see tests/hf/NOTES.md for the per-family rules and exact citations):
#   * src/transformers/modeling_rope_utils.py, transformers main (v5 line, 2026; the copy with
#     `_compute_proportional_rope_parameters`, Gemma-4 / DeepSeek-V4 per-layer workarounds and
#     `RotaryEmbeddingConfigMixin`): _compute_linear_scaling_rope_parameters,
#     _compute_dynamic_ntk_parameters, _compute_yarn_parameters, _compute_longrope_parameters,
#     _compute_llama3_parameters, RotaryEmbeddingConfigMixin.convert_rope_params_to_dict /
#     standardize_rope_params / validate_rope / _validate_*_rope_parameters / _check_received_keys.
#     The search index that served it exposes no commit hash for that copy; the v4 line was read at
#     huggingface/transformers@ef46806472a64b0013ed413781e3afed82bfa047 (same file) for the
#     differences listed in NOTES.md.
#   * the per-model default: <Model>RotaryEmbedding.compute_default_rope_parameters (v5 main).
#   * model files: gpt_neox/configuration_gpt_neox.py @008e574391258935f3ecc3035c882e73bbcac419
#     (rotary_emb_base, rotary_pct), stablelm/configuration_stablelm.py @05cd1ec14dbe16127778060fb68c34105873015c,
#     gptj/configuration_gptj.py @0bedd3309fc97281835ab2f1a8e967a9d1a27c9e (rotary_dim),
#     gemma3/configuration_gemma3.py @008f5c8c29be84d4721dc6d1e0fcd72300580be4 (v4 defaults) and the
#     v5 `convert_rope_params_to_dict` of the Gemma-3 text config (per-layer-type rope_parameters),
#     cohere/modeling_cohere.py @015bfeb86891c5f5e450f48942260ac3e2cd2bf2 (interleaved rotate_half),
#     deepseek_v3 configuration (head_dim = qk_rope_head_dim, rope_interleave) and attention
#     (softmax scale * mscale(factor, mscale_all_dim)**2).
#
# Precision. transformers builds inv_freq in float32 (torch.arange(...).float(), torch.float32 ramps
# and factor lists). The golden values here are float64 evaluations of the SAME formulas: every
# tensor is created with dtype=torch.float64 (arange in int64 then cast to float64, the longrope
# factor lists as float64, the YaRN ramp in float64), and every scalar stays a Python float
# (IEEE double). Nothing is rounded to float32. The float32 values transformers would hold are
# also computed (compute_in_float32=True) only to report how far they are from the float64 ones.
#
# Usage:  apt-get install python3-torch
#         python3 tests/hf/rope_reference.py > tests/hf/golden.json
# ---------------------------------------------------------------------------------------------

import copy
import glob
import json
import math
import os
import sys

import torch

TRANSFORMERS_SOURCE = {
    "modeling_rope_utils": "huggingface/transformers main (v5 line, 2026; RotaryEmbeddingConfigMixin, "
    "_compute_proportional_rope_parameters present); v4 line cross-read at "
    "ef46806472a64b0013ed413781e3afed82bfa047",
    "gpt_neox_config": "008e574391258935f3ecc3035c882e73bbcac419",
    "stablelm_config": "05cd1ec14dbe16127778060fb68c34105873015c",
    "gptj_config": "0bedd3309fc97281835ab2f1a8e967a9d1a27c9e",
    "gemma3_config_v4": "008f5c8c29be84d4721dc6d1e0fcd72300580be4",
    "cohere_modeling": "015bfeb86891c5f5e450f48942260ac3e2cd2bf2",
    "transformers_version_semantics": "5.x (main); rope_scaling configs are read through the v5 "
    "backward-compatibility path (rope_scaling -> rope_parameters)",
}

HERE = os.path.dirname(os.path.abspath(__file__))


class RopeKeyError(KeyError):
    """The KeyError transformers raises; str() of a KeyError adds quotes, so keep the message apart."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


# ---------------------------------------------------------------------------------------------
# A minimal stand-in for PreTrainedConfig: attribute access over the (family-defaulted) dict.
# ---------------------------------------------------------------------------------------------
class Cfg:
    def __init__(self, d):
        self.__dict__["_d"] = d

    def __getattr__(self, k):
        d = self.__dict__["_d"]
        if k in d:
            return d[k]
        raise AttributeError(k)

    def __setattr__(self, k, v):
        self.__dict__["_d"][k] = v

    def has(self, k):
        return k in self.__dict__["_d"]

    def get(self, k, default=None):
        return self.__dict__["_d"].get(k, default)


# ---------------------------------------------------------------------------------------------
# Families: model_type -> positional scheme and, for RoPE, the model-specific rules.
# ---------------------------------------------------------------------------------------------
ROPE_HALF = "half"  # rotate_half: pair (i, i + d/2)  (Llama / GPT-NeoX layout)
ROPE_INTERLEAVED = "interleaved"  # pair (2i, 2i+1)       (GPT-J / Cohere / GLM / DeepSeek MLA layout)

ROPE_FAMILIES = {
    # model_type: (layout, position of the rotary slice inside the head, default rope_theta)
    "llama": (ROPE_HALF, "first", 10000.0),
    "mistral": (ROPE_HALF, "first", 10000.0),
    "ministral": (ROPE_HALF, "first", 10000.0),
    "ministral3": (ROPE_HALF, "first", 10000.0),
    "mixtral": (ROPE_HALF, "first", 1e6),
    "qwen2": (ROPE_HALF, "first", 10000.0),
    "qwen3": (ROPE_HALF, "first", 10000.0),
    "qwen3_moe": (ROPE_HALF, "first", 10000.0),
    "qwen2_vl": (ROPE_HALF, "first", 10000.0),
    "qwen2_5_vl": (ROPE_HALF, "first", 10000.0),
    "gemma": (ROPE_HALF, "first", 10000.0),
    "gemma2": (ROPE_HALF, "first", 10000.0),
    "gemma3": (ROPE_HALF, "first", 1e6),
    "gemma3_text": (ROPE_HALF, "first", 1e6),
    "phi": (ROPE_HALF, "first", 10000.0),
    "phi3": (ROPE_HALF, "first", 10000.0),
    "stablelm": (ROPE_HALF, "first", 10000.0),
    "falcon": (ROPE_HALF, "first", 10000.0),
    "gpt_neox": (ROPE_HALF, "first", 10000.0),
    "internlm2": (ROPE_HALF, "first", 10000.0),
    "cohere": (ROPE_INTERLEAVED, "first", 10000.0),
    "cohere2": (ROPE_INTERLEAVED, "first", 10000.0),
    "gptj": (ROPE_INTERLEAVED, "first", 10000.0),
    "glm": (ROPE_INTERLEAVED, "first", 10000.0),
    "glm4": (ROPE_INTERLEAVED, "first", 10000.0),
    "chatglm": (ROPE_INTERLEAVED, "first", 10000.0),
    "deepseek_v2": (ROPE_INTERLEAVED, "last", 10000.0),
    "deepseek_v3": (ROPE_INTERLEAVED, "last", 10000.0),
    "kimi_k2": (ROPE_INTERLEAVED, "last", 10000.0),
    "minicpm3": (ROPE_HALF, "last", 10000.0),
}

# Family defaults that transformers' config classes supply when a key is absent from config.json.
FAMILY_DEFAULTS = {
    # StableLmConfig: partial_rotary_factor=0.25, rope_theta 10000
    "stablelm": {"partial_rotary_factor": 0.25},
    # PhiConfig: partial_rotary_factor=0.5
    "phi": {"partial_rotary_factor": 0.5},
    # GlmConfig / Glm4Config: partial_rotary_factor=0.5, head_dim=128
    "glm": {"partial_rotary_factor": 0.5},
    "glm4": {"partial_rotary_factor": 0.5},
    # Gemma3TextConfig defaults (v4 @008f5c8c and v5): used for a nested text_config
    "gemma3_text": {
        "hidden_size": 2304,
        "num_attention_heads": 8,
        "num_hidden_layers": 26,
        "head_dim": 256,
        "max_position_embeddings": 131072,
        "sliding_window_pattern": 6,
    },
}

LEARNED = {
    # model_type: (max positions key, offset added by the embedding table)
    "bert": ("max_position_embeddings", 0),
    "gpt2": ("n_positions", 0),
    "opt": ("max_position_embeddings", 2),  # OPTLearnedPositionalEmbedding: offset = 2
    "gpt_neo": ("max_position_embeddings", 0),
    "distilbert": ("max_position_embeddings", 0),
}
T5_FAMILY = {"t5", "mt5", "umt5", "longt5", "switch_transformers"}


def alibi_slopes(n_heads, max_bias=8.0):
    """ALiBi slopes as in BLOOM's build_alibi_tensor (max_bias 8): closest power of two, then the
    extra odd-step slopes for the remaining heads. Float64 here."""
    closest = 2 ** math.floor(math.log2(n_heads))
    base = 2 ** (-(2 ** -(math.log2(closest) - 3)) * (max_bias / 8.0))
    slopes = [base ** (i + 1) for i in range(closest)]
    if closest != n_heads:
        extra_base = 2 ** (-(2 ** -(math.log2(2 * closest) - 3)) * (max_bias / 8.0))
        n_rem = min(closest, n_heads - closest)
        slopes += [extra_base ** (2 * i + 1) for i in range(n_rem)]
    return slopes


def positional_scheme(config):
    """Which positional scheme a config.json uses, with its parameters."""
    mt = config.get("model_type")
    if mt in T5_FAMILY:
        return {
            "scheme": "relative_buckets",
            "num_buckets": config.get("relative_attention_num_buckets", 32),
            "max_distance": config.get("relative_attention_max_distance", 128),
            "bidirectional_encoder": True,
            "num_heads": config.get("num_heads"),
        }
    if mt == "bloom":
        n = config.get("n_head", config.get("num_attention_heads"))
        return {"scheme": "alibi", "num_heads": n, "max_bias": 8.0, "slopes": alibi_slopes(n)}
    if mt == "mpt":
        ac = config.get("attn_config", {}) or {}
        if ac.get("alibi", False):
            n = config.get("n_heads")
            mb = float(ac.get("alibi_bias_max", 8))
            return {"scheme": "alibi", "num_heads": n, "max_bias": mb, "slopes": alibi_slopes(n, mb)}
        return {"scheme": "learned_absolute", "max_positions": config.get("max_seq_len"), "offset": 0}
    if mt == "falcon" and config.get("alibi", False):
        n = config.get("num_attention_heads", config.get("n_head"))
        return {"scheme": "alibi", "num_heads": n, "max_bias": 8.0, "slopes": alibi_slopes(n)}
    if mt in LEARNED:
        key, offset = LEARNED[mt]
        if mt == "bert" and config.get("position_embedding_type", "absolute") != "absolute":
            return {
                "scheme": "relative_key" if config["position_embedding_type"] == "relative_key" else "relative_key_query",
                "max_positions": config.get(key),
            }
        return {"scheme": "learned_absolute", "max_positions": config.get(key), "offset": offset}
    if mt in ROPE_FAMILIES or "text_config" in config and config["text_config"].get("model_type") in ROPE_FAMILIES:
        return {"scheme": "rope"}
    return {"scheme": "none"}


# ---------------------------------------------------------------------------------------------
# Config standardisation (v5 RotaryEmbeddingConfigMixin + the family overrides)
# ---------------------------------------------------------------------------------------------
def text_config_of(config):
    """Multimodal configs: the decoder's parameters live in text_config (Gemma 3) and take the
    text config class's defaults for every absent key."""
    if "text_config" in config and isinstance(config["text_config"], dict):
        tc = dict(config["text_config"])
        mt = tc.get("model_type") or (config.get("model_type", "") + "_text")
        tc["model_type"] = mt
        for k, v in FAMILY_DEFAULTS.get(mt, {}).items():
            tc.setdefault(k, v)
        return tc
    return dict(config)


def normalise_names(c):
    """Legacy names -> the standard attributes the rope functions read."""
    mt = c.get("model_type")
    # GPT-2 style names (GPT-J, old Falcon): attribute_map / properties in their config classes
    if "hidden_size" not in c and "n_embd" in c:
        c["hidden_size"] = c["n_embd"]
    if "num_attention_heads" not in c and "n_head" in c:
        c["num_attention_heads"] = c["n_head"]
    if "max_position_embeddings" not in c and "n_positions" in c:
        c["max_position_embeddings"] = c["n_positions"]
    for k, v in FAMILY_DEFAULTS.get(mt, {}).items():
        c.setdefault(k, v)
    if mt in ("deepseek_v2", "deepseek_v3", "kimi_k2", "minicpm3") and c.get("qk_rope_head_dim") is not None:
        # DeepseekV3Config: self.head_dim = qk_rope_head_dim (the rotary part of an MLA head)
        c["head_dim"] = c["qk_rope_head_dim"]
    if mt == "chatglm":
        # THUDM remote code: rotary_dim = hidden_size // num_attention_heads if kv_channels is None
        # else kv_channels; RotaryEmbedding(rotary_dim // 2, base=10000 * rope_ratio)
        head = c.get("kv_channels") or c["hidden_size"] // c["num_attention_heads"]
        c["head_dim"] = head
        c["partial_rotary_factor"] = 0.5
        c["rope_theta"] = 10000.0 * float(c.get("rope_ratio", 1.0))
    return c


def convert_rope_params_to_dict(c, warnings):
    """v5 RotaryEmbeddingConfigMixin.convert_rope_params_to_dict + standardize_rope_params for a
    single global rope dict, with GPT-NeoX's and GPT-J's overrides."""
    mt = c.get("model_type")
    default_theta = ROPE_FAMILIES.get(mt, (None, None, 10000.0))[2]
    rope_scaling = c.get("rope_scaling")
    rp = copy.deepcopy(rope_scaling or c.get("rope_parameters") or {})
    if mt == "gpt_neox":
        rp.setdefault("rope_theta", c.get("rotary_emb_base", default_theta))
        rp.setdefault("partial_rotary_factor", c.get("rotary_pct", 0.25))
    rope_theta = c.get("rope_theta", default_theta)
    rp.setdefault("rope_theta", rope_theta)
    partial = c.get("partial_rotary_factor")
    if mt == "gptj":
        # GPT-J rotates rotary_dim features of each head (or the whole head when rotary_dim is None)
        head_dim = c["hidden_size"] // c["num_attention_heads"]
        rd = c.get("rotary_dim") or head_dim
        partial = rd / head_dim
    # standardize_rope_params, Case 1 (one global dict)
    rp.setdefault("rope_type", rp.get("type", "default"))
    if partial is not None:
        rp["partial_rotary_factor"] = partial
    if mt in ("qwen2_vl", "qwen2_5_vl") and rp["rope_type"] == "mrope":
        # Qwen2VLConfig: {"type": "mrope"} is read as default RoPE; mrope_section is kept
        rp["rope_type"] = "default"
        rp["type"] = "default"
    if rp["rope_type"] in ("llama3", "yarn", "longrope"):
        if "original_max_position_embeddings" in c:
            # Phi-3 style: the top-level field wins over the one inside rope_parameters
            rp["original_max_position_embeddings"] = c["original_max_position_embeddings"]
        else:
            rp.setdefault("original_max_position_embeddings", c["max_position_embeddings"])
    return rp


def check_received_keys(rope_type, received_keys, required_keys, optional_keys, ignore_keys, warnings):
    """RotaryEmbeddingConfigMixin._check_received_keys (v5)."""
    received_keys = set(received_keys)
    required_keys = set(required_keys)
    if "type" in received_keys:
        received_keys -= {"type"}
        required_keys.add("rope_type")
    optional_keys = set(optional_keys or set())
    optional_keys.add("partial_rotary_factor")
    if ignore_keys is not None:
        received_keys -= set(ignore_keys)
    missing_keys = required_keys - received_keys
    if missing_keys:
        raise RopeKeyError(
            f"Missing required keys in `rope_parameters` for 'rope_type'='{rope_type}': {sorted_set(missing_keys)}"
        )
    unused_keys = received_keys - required_keys - optional_keys
    if unused_keys:
        warnings.append(f"Unrecognized keys in `rope_parameters` for 'rope_type'='{rope_type}': {sorted_set(unused_keys)}")


def sorted_set(s):
    """Python prints a set in hash order; for a stable golden file the keys are printed sorted,
    in the same {'a', 'b'} form. With one key (every case in golden.json) it is exactly Python's."""
    return "{" + ", ".join(repr(k) for k in sorted(s)) + "}"


def validate_rope(rp, c, warnings, ignore_keys=None):
    """RotaryEmbeddingConfigMixin.validate_rope + _validate_<type>_rope_parameters (v5)."""
    rope_type = rp.get("rope_type", rp.get("type", "default"))
    keys = set(rp.keys())
    is_num = lambda x: isinstance(x, (int, float)) and not isinstance(x, bool)
    if rope_type == "default":
        check_received_keys(rope_type, keys, {"rope_type"}, {"rope_theta"}, ignore_keys, warnings)
    elif rope_type in ("linear", "dynamic"):
        check_received_keys(rope_type, keys, {"rope_type", "factor"}, {"rope_theta"}, ignore_keys, warnings)
        f = rp["factor"]
        if f is None or not is_num(f) or f < 1.0:
            warnings.append(f"`rope_parameters`'s factor field must be a float or int >= 1, got {f}")
    elif rope_type == "yarn":
        check_received_keys(
            rope_type,
            keys,
            {"rope_type", "factor", "original_max_position_embeddings"},
            {"rope_theta", "attention_factor", "beta_fast", "beta_slow", "mscale", "mscale_all_dim", "truncate"},
            ignore_keys,
            warnings,
        )
        f = rp["factor"]
        if f is None or not is_num(f) or f < 1.0:
            warnings.append(f"`rope_parameters`'s factor field must be a float or int >= 1, got {f}")
        omp = rp["original_max_position_embeddings"]
        implicit = c["max_position_embeddings"] / omp
        if implicit != f and implicit != 1:
            warnings.append(
                f"The explicitly set RoPE scaling factor (config.rope_parameters['factor'] = {f}) does not match "
                "the ratio implicitly set by other parameters (implicit factor = "
                "post-yarn context length / pre-yarn context length = "
                "config.max_position_embeddings / config.rope_parameters['original_max_position_embeddings'] = "
                f"{implicit}). Using the explicit factor ({f}) in YaRN. This may cause unexpected "
                "behaviour in model usage, please correct the 'original_max_position_embeddings' fields in the model config."
            )
    elif rope_type == "longrope":
        check_received_keys(
            rope_type,
            keys,
            {"rope_type", "short_factor", "long_factor", "original_max_position_embeddings"},
            {"rope_theta", "attention_factor", "factor"},
            ignore_keys,
            warnings,
        )
        head_dim = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
        dim = int(head_dim * rp.get("partial_rotary_factor", 1.0))
        for name in ("short_factor", "long_factor"):
            v = rp.get(name)
            if len(v) != dim // 2:
                warnings.append(f"`rope_parameters`'s {name} field must have length {dim // 2}, got {len(v)}")
        if rp.get("factor") is None and rp["original_max_position_embeddings"] is not None:
            warnings.append(
                "This model config has set a `rope_parameters['original_max_position_embeddings']` field, to be used together with "
                "`max_position_embeddings` to determine a scaling factor. Please set the `factor` field of `rope_parameters`"
                "with this ratio instead -- we recommend the use of this field over `original_max_position_embeddings`, "
                "as it is compatible with most model architectures."
            )
    elif rope_type == "llama3":
        check_received_keys(
            rope_type,
            keys,
            {"rope_type", "factor", "original_max_position_embeddings", "low_freq_factor", "high_freq_factor", "rope_theta"},
            None,
            ignore_keys,
            warnings,
        )
        omp = rp["original_max_position_embeddings"]
        if omp >= c["max_position_embeddings"]:
            warnings.append(
                "`rope_parameters`'s original_max_position_embeddings field must be less than max_position_embeddings, got "
                f"{omp} and max_position_embeddings={c['max_position_embeddings']}"
            )
    else:
        warnings.append(f"Missing validation function in 'RotaryEmbeddingConfigMixin' for 'rope_type'='{rope_type}'")


# ---------------------------------------------------------------------------------------------
# The rope functions (v5 modeling_rope_utils), float64
# ---------------------------------------------------------------------------------------------
def _dtype(f32):
    return torch.float32 if f32 else torch.float64


def _dims(c, rp):
    base = rp["rope_theta"]
    partial_rotary_factor = rp.get("partial_rotary_factor", 1.0)
    head_dim = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    dim = int(head_dim * partial_rotary_factor)
    return base, head_dim, dim


def compute_default(c, rp, f32=False):
    base, _, dim = _dims(c, rp)
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=_dtype(f32)) / dim))
    return inv_freq, 1.0


def compute_linear(c, rp, f32=False):
    factor = rp["factor"]
    inv_freq, attention_factor = compute_default(c, rp, f32)
    inv_freq = inv_freq / factor
    return inv_freq, attention_factor


def compute_dynamic(c, rp, seq_len=None, f32=False):
    base, _, dim = _dims(c, rp)
    factor = rp["factor"]
    mpe = c["max_position_embeddings"]
    seq_len = mpe if seq_len is None else max(seq_len, mpe)
    base = base * ((factor * seq_len / mpe) - (factor - 1)) ** (dim / (dim - 2))
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=_dtype(f32)) / dim))
    return inv_freq, 1.0


def get_mscale(scale, mscale=1):
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def compute_yarn(c, rp, f32=False):
    base, _, dim = _dims(c, rp)
    factor = rp["factor"]
    attention_factor = rp.get("attention_factor")
    mscale = rp.get("mscale")
    mscale_all_dim = rp.get("mscale_all_dim")
    original_max_position_embeddings = rp["original_max_position_embeddings"]
    if factor is None:
        factor = c["max_position_embeddings"] / original_max_position_embeddings
    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)
    beta_fast = rp.get("beta_fast") or 32
    beta_slow = rp.get("beta_slow") or 1

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(min_, max_, n):
        if min_ == max_:
            max_ += 0.001
        linear_func = (torch.arange(n, dtype=_dtype(f32)) - min_) / (max_ - min_)
        return torch.clamp(linear_func, 0, 1)

    pos_freqs = base ** (torch.arange(0, dim, 2).to(dtype=_dtype(f32)) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)
    truncate = rp.get("truncate", True)
    low, high = find_correction_range(beta_fast, beta_slow, dim, base, original_max_position_embeddings, truncate)
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)
    inv_freq = (
        inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
        + inv_freq_extrapolation * inv_freq_extrapolation_factor
    )
    return inv_freq, attention_factor, {"low": low, "high": high, "beta_fast": beta_fast, "beta_slow": beta_slow,
                                        "factor": factor, "truncate": bool(truncate)}


def compute_longrope(c, rp, seq_len=None, f32=False):
    base, _, dim = _dims(c, rp)
    long_factor = rp["long_factor"]
    short_factor = rp["short_factor"]
    factor = rp.get("factor")
    attention_factor = rp.get("attention_factor")
    original_max_position_embeddings = rp["original_max_position_embeddings"]
    if factor is None:
        factor = c["max_position_embeddings"] / original_max_position_embeddings
    if attention_factor is None:
        if factor <= 1.0:
            attention_factor = 1.0
        else:
            attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_position_embeddings))
    if seq_len and seq_len > original_max_position_embeddings:
        ext_factors = torch.tensor(long_factor, dtype=_dtype(f32))
    else:
        ext_factors = torch.tensor(short_factor, dtype=_dtype(f32))
    inv_freq_shape = torch.arange(0, dim, 2, dtype=torch.int64).to(dtype=_dtype(f32)) / dim
    inv_freq = 1.0 / (ext_factors * base**inv_freq_shape)
    return inv_freq, attention_factor, factor


def compute_llama3(c, rp, f32=False):
    inv_freq, attention_factor = compute_default(c, rp, f32)
    factor = rp["factor"]
    low_freq_factor = rp["low_freq_factor"]
    high_freq_factor = rp["high_freq_factor"]
    old_context_len = rp["original_max_position_embeddings"]
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    inv_freq_llama = torch.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)
    return inv_freq_llama, attention_factor


def rope_for_params(c, rp, f32=False):
    """Dispatch like <Model>RotaryEmbedding.__init__: default -> compute_default_rope_parameters,
    else ROPE_INIT_FUNCTIONS[rope_type] (KeyError for an unknown type)."""
    rt = rp["rope_type"]
    out = {"rope_type": rt}
    if rt == "default":
        inv, af = compute_default(c, rp, f32)
    elif rt == "linear":
        inv, af = compute_linear(c, rp, f32)
        out["factor"] = rp["factor"]
    elif rt == "dynamic":
        inv, af = compute_dynamic(c, rp, None, f32)
        out["factor"] = rp["factor"]
        inv2, _ = compute_dynamic(c, rp, 2 * c["max_position_embeddings"], f32)
        out["dynamic_seq_len"] = 2 * c["max_position_embeddings"]
        out["inv_freq_dynamic"] = inv2
    elif rt == "yarn":
        inv, af, extra = compute_yarn(c, rp, f32)
        out["yarn"] = extra
        out["original_max_position_embeddings"] = rp["original_max_position_embeddings"]
    elif rt == "longrope":
        inv, af, factor = compute_longrope(c, rp, None, f32)
        omp = rp["original_max_position_embeddings"]
        inv_long, _, _ = compute_longrope(c, rp, omp + 1, f32)
        out["inv_freq_short"] = inv
        out["inv_freq_long"] = inv_long
        out["original_max_position_embeddings"] = omp
        out["longrope_factor"] = factor
        out["long_from_seq_len"] = omp + 1
    elif rt == "llama3":
        inv, af = compute_llama3(c, rp, f32)
        out["original_max_position_embeddings"] = rp["original_max_position_embeddings"]
    else:
        raise RopeKeyError(repr(rt))  # ROPE_INIT_FUNCTIONS[rope_type] -> KeyError: 'xyz'
    out["inv_freq"] = inv
    out["attention_factor"] = float(af)
    return out


def to_list(x):
    return [float(v) for v in x.tolist()]


def reference_rope(config, f32=False):
    """The RoPE description transformers derives from a config.json dict."""
    scheme = positional_scheme(config)
    if scheme["scheme"] != "rope":
        raise ValueError(
            f"model_type '{config.get('model_type')}' has no rotary embedding "
            f"(scheme: {scheme['scheme']}); see positionalScheme(config)"
        )
    warnings = []
    try:
        return _reference_rope(config, f32, warnings)
    except RopeKeyError as e:
        e.warnings = warnings
        raise


def _reference_rope(config, f32, warnings):
    c = normalise_names(text_config_of(config))
    mt = c["model_type"]
    layout, position, _ = ROPE_FAMILIES[mt]
    head_dim = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    result = {"model_type": mt, "layout": layout, "rotary_position": position, "head_dim": head_dim,
              "max_position_embeddings": c.get("max_position_embeddings")}

    if mt in ("gemma3", "gemma3_text"):
        # v5 Gemma3TextConfig.convert_rope_params_to_dict: two dicts, never one
        rs = c.get("rope_scaling")
        rp = copy.deepcopy(c.get("rope_parameters")) if c.get("rope_parameters") else {
            "sliding_attention": {"rope_type": "default"}, "full_attention": {"rope_type": "default"}}
        if rs is not None:
            rp["full_attention"].update(rs)
        rp["full_attention"].setdefault("rope_theta", c.get("rope_theta", 1_000_000.0))
        rp["sliding_attention"].setdefault("rope_theta", c.get("rope_local_base_freq", 10_000.0))
        pattern = c.get("sliding_window_pattern", 6)
        layer_types = c.get("layer_types") or [
            "sliding_attention" if bool((i + 1) % pattern) else "full_attention"
            for i in range(c["num_hidden_layers"])
        ]
        per = {}
        for lt in ("sliding_attention", "full_attention"):
            d = rp[lt]
            d.setdefault("rope_type", d.get("type", "default"))
            if d["rope_type"] in ("llama3", "yarn", "longrope"):
                d.setdefault("original_max_position_embeddings", c["max_position_embeddings"])
            validate_rope(d, c, warnings)
            r = rope_for_params(c, d, f32)
            r["base"] = float(d["rope_theta"])
            r["rotary_dim"] = int(head_dim * d.get("partial_rotary_factor", 1.0))
            per[lt] = r
        result["per_layer_type"] = per
        result["layer_types"] = layer_types
        result["bases"] = {lt: per[lt]["base"] for lt in per}
        result["rotary_dim"] = per["full_attention"]["rotary_dim"]
        result["warnings"] = warnings
        return result

    rp = convert_rope_params_to_dict(c, warnings)
    ignore = {"mrope_section"} if mt in ("qwen2_vl", "qwen2_5_vl") else None
    if "partial_rotary_factor" in rp:
        ignore = set(ignore or set()) | {"partial_rotary_factor"}
    validate_rope(rp, c, warnings, ignore_keys=ignore)
    r = rope_for_params(c, rp, f32)
    result.update(r)
    result["base"] = float(rp["rope_theta"])
    result["partial_rotary_factor"] = float(rp.get("partial_rotary_factor", 1.0))
    result["rotary_dim"] = int(head_dim * rp.get("partial_rotary_factor", 1.0))
    if "mrope_section" in rp:
        sec = list(rp["mrope_section"])
        bounds, s = [], 0
        for n in sec:
            bounds.append([s, s + n])
            s += n
        result["mrope_section"] = sec
        result["mrope_frequency_ranges"] = {"temporal": bounds[0], "height": bounds[1], "width": bounds[2]}
    if mt in ("deepseek_v2", "deepseek_v3", "kimi_k2") and rp["rope_type"] != "default":
        # DeepseekV3Attention: scaling = qk_head_dim**-0.5 * mscale**2, mscale = get_mscale(factor, mscale_all_dim)
        mad = rp.get("mscale_all_dim", 0)
        qk_head_dim = c["qk_nope_head_dim"] + c["qk_rope_head_dim"]
        m = get_mscale(rp["factor"], mad) if mad else 1.0
        result["qk_head_dim"] = qk_head_dim
        result["softmax_scale"] = qk_head_dim ** -0.5 * m * m
        result["softmax_mscale"] = m
    result["warnings"] = warnings
    return result


def jsonable(x):
    if isinstance(x, torch.Tensor):
        return to_list(x)
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, list):
        return [jsonable(v) for v in x]
    return x


def max_rel(a, b):
    return max((abs(x - y) / abs(y) if y != 0 else abs(x)) for x, y in zip(a, b)) if a else 0.0


# Error and warning cases: synthetic variations of real configs (web/data/configs/llama-3.1-8b-instruct.json)
ERROR_CASES = [
    ("yarn without factor", {"rope_scaling": {"rope_type": "yarn", "original_max_position_embeddings": 8192}}),
    ("linear without factor", {"rope_scaling": {"type": "linear"}}),
    ("llama3 without low_freq_factor",
     {"rope_scaling": {"rope_type": "llama3", "factor": 8.0, "high_freq_factor": 4.0,
                       "original_max_position_embeddings": 8192}}),
    ("unknown rope_type", {"rope_scaling": {"rope_type": "xpos", "factor": 2.0}}),
    ("longrope without long_factor", {"rope_scaling": {"rope_type": "longrope", "short_factor": [1.0] * 64}}),
]
WARNING_CASES = [
    ("unknown key in linear", {"rope_scaling": {"rope_type": "linear", "factor": 2.0, "finetuned": True}}),
    ("llama3 without original_max falls back to max_position_embeddings",
     {"rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0}}),
    ("yarn factor differs from max/original", {"max_position_embeddings": 32768, "rope_scaling": {
        "rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 4096}}),
    ("v5 rope_parameters with partial_rotary_factor inside",
     {"rope_scaling": None, "rope_parameters": {"rope_type": "default", "rope_theta": 500000.0,
                                                 "partial_rotary_factor": 0.5}}),
    ("yarn truncate false and explicit betas", {"max_position_embeddings": 131072, "rope_scaling": {
        "rope_type": "yarn", "factor": 32.0, "original_max_position_embeddings": 4096, "beta_fast": 32.0,
        "beta_slow": 1.0, "truncate": False}}),
    ("dynamic ntk", {"max_position_embeddings": 8192, "rope_scaling": {"type": "dynamic", "factor": 2.0}}),
    ("longrope with factor; original_max defaults to max_position_embeddings", {"rope_scaling": {
        "rope_type": "longrope", "short_factor": [1.0] * 64, "long_factor": [2.0] * 64, "factor": 16.0}}),
]


def run_case(base, patch):
    cfg = copy.deepcopy(base)
    cfg.update(patch)
    if cfg.get("rope_scaling", "absent") is None:
        cfg.pop("rope_scaling")
    try:
        r = reference_rope(cfg)
    except RopeKeyError as e:
        return {"config_patch": patch, "error": {"type": "KeyError", "message": e.message},
                "warnings": getattr(e, "warnings", [])}
    return {"config_patch": patch, "result": jsonable(r)}


def main():
    manifest = json.load(open(os.path.join(HERE, "..", "..", "web", "data", "configs", "manifest.json")))
    out = {
        "generator": "tests/hf/rope_reference.py",
        "transformers": TRANSFORMERS_SOURCE,
        "torch": torch.__version__,
        "precision": "float64 evaluation of transformers' formulas (transformers itself holds float32)",
        "configs": {},
        "error_cases": [],
        "warning_cases": [],
    }
    for entry in manifest["configs"]:
        fn = entry["file"]
        cfg = json.load(open(os.path.join(HERE, "..", "..", "web", "data", "configs", fn)))
        scheme = positional_scheme(cfg)
        rec = {"model_id": entry["model_id"], "scheme": scheme["scheme"]}
        if scheme["scheme"] == "rope":
            r = reference_rope(cfg)
            r32 = reference_rope(cfg, f32=True)
            rec["rope"] = jsonable(r)
            # how far transformers' float32 buffer is from the float64 value (information only)
            if "per_layer_type" in r:
                rec["float32_max_rel_dev"] = max(
                    max_rel(to_list(r32["per_layer_type"][k]["inv_freq"]), to_list(r["per_layer_type"][k]["inv_freq"]))
                    for k in r["per_layer_type"])
            else:
                rec["float32_max_rel_dev"] = max_rel(to_list(r32["inv_freq"]), to_list(r["inv_freq"]))
        else:
            rec["parameters"] = scheme
            try:
                reference_rope(cfg)
            except ValueError as e:
                rec["rope_error"] = str(e)
        out["configs"][fn] = rec
    base = json.load(open(os.path.join(HERE, "..", "..", "web", "data", "configs", "llama-3.1-8b-instruct.json")))
    for name, patch in ERROR_CASES:
        d = run_case(base, patch)
        d["name"] = name
        out["error_cases"].append(d)
    for name, patch in WARNING_CASES:
        d = run_case(base, patch)
        d["name"] = name
        out["warning_cases"].append(d)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
