#!/usr/bin/env python3
"""PyTorch parity check of the training lab (docs/LAB.md, "Rebuilding in PyTorch").

Rebuilds the lab's network in PyTorch from docs/LAB.md alone and from the .safetensors files that
pe.lab's model.toSafetensors() wrote, then compares its logits with the ones pe.lab computed (wasm).
Prints the largest absolute difference per case, and fails (exit 1) when any is above 1e-4 of the
largest logit or when the two disagree on any answer (argmax).

    bash scripts/build-lib.sh
    node scripts/lab-torch-parity.mjs /tmp/posenc-lab-parity     # trains the models, writes the files
    /usr/bin/python3 scripts/lab-torch-parity.py /tmp/posenc-lab-parity

Needs only PyTorch (Debian: python3-torch); the safetensors files are read by hand (8-byte length,
JSON header, raw little-endian float32), so the `safetensors` package is not needed either.
"""
import json
import math
import struct
import sys

import torch
import torch.nn.functional as F


def load_safetensors(path):
    with open(path, 'rb') as f:
        raw = f.read()
    (n,) = struct.unpack('<Q', raw[:8])
    header = json.loads(raw[8:8 + n])
    meta = header.pop('__metadata__', {})
    data = raw[8 + n:]
    W = {}
    for name, t in header.items():
        assert t['dtype'] == 'F32', name
        b, e = t['data_offsets']
        W[name] = torch.frombuffer(bytearray(data[b:e]), dtype=torch.float32).reshape(t['shape'])
    return W, meta


def config_of(meta):
    cfg = {}
    for k, v in meta.items():
        if k in ('encoding', 'rope_layout', 'task', 'format', 'posenc') or k.startswith('train.'):
            cfg[k] = v
        else:
            x = float(v)
            cfg[k] = int(x) if x.is_integer() and k != 'ln_eps' and k != 'rope_base' else x
    return cfg


def t5_bucket(d, num_buckets, max_distance):  # d = i − j ≥ 0, causal (T5's float32 arithmetic)
    max_exact = num_buckets // 2
    if d < max_exact:
        return d
    v = torch.log(torch.tensor(d / max_exact, dtype=torch.float32)) / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    return min(max_exact + int(v), num_buckets - 1)


def alibi_slopes(h):  # the paper's code
    def pow2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    c = 2 ** int(math.floor(math.log2(h)))
    return pow2(c) + (pow2(2 * c)[0::2][: h - c] if c != h else [])


def rope_frequencies(dh, base, stretch, train_length, n):
    """Hugging Face rope_scaling semantics (docs/LAB.md, "Stretching"): (inv_freq float64, attention factor)."""
    i2 = torch.arange(0, dh, 2, dtype=torch.float64)
    s = max(1.0, n / train_length)
    if stretch == 'none' or s == 1.0:
        return base ** (-i2 / dh), 1.0
    if stretch == 'pi':  # linear
        return base ** (-i2 / dh) / s, 1.0
    if stretch == 'ntk':  # dynamic, factor 1, max_position_embeddings = L_train, seq_len = n
        base = base * ((1 * n / train_length) - (1 - 1)) ** (dh / (dh - 2))
        return base ** (-i2 / dh), 1.0
    if stretch == 'yarn':  # factor s, original_max_position_embeddings L_train, beta_fast 32, beta_slow 1
        def correction_dim(rot):
            return (dh * math.log(train_length / (rot * 2 * math.pi))) / (2 * math.log(base))
        low = max(math.floor(correction_dim(32)), 0)
        high = min(math.ceil(correction_dim(1)), dh - 1)
        if low == high:
            high += 0.001
        ramp = ((torch.arange(dh // 2, dtype=torch.float64) - low) / (high - low)).clamp(0, 1)
        extrapolation = 1.0 / base ** (i2 / dh)
        interpolation = 1.0 / (s * base ** (i2 / dh))
        keep = 1 - ramp
        return interpolation * (1 - keep) + extrapolation * keep, 0.1 * math.log(s) + 1.0
    raise ValueError(stretch)


def logits(W, cfg, tokens, stretch='none'):  # tokens: LongTensor [n]
    D, H, N = cfg['d_model'], cfg['n_heads'], cfg['n_layers']
    dh, n, enc, eps = D // H, len(tokens), cfg['encoding'], cfg['ln_eps']
    pos = torch.arange(n, dtype=torch.float64)
    x = W['tok_emb.weight'][tokens]
    if enc == 'sinusoidal':
        ang = pos[:, None] * 10000.0 ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        pe = torch.stack([ang.sin(), ang.cos()], -1).reshape(n, D)  # [s0 c0 s1 c1 …]
        x = x + pe.float()
    if enc == 'learned':
        assert n <= cfg['n_max'], 'beyond table'
        x = x + W['pos_emb.weight'][:n]
    d = torch.arange(n)[:, None] - torch.arange(n)[None, :]  # i − j
    causal = d >= 0
    if enc == 'rope':
        theta, factor = rope_frequencies(dh, cfg['rope_base'], stretch, cfg['train_length'], n)
        ang = pos[:, None] * theta  # [n, dh/2], float64
        cos, sin = (ang.cos() * factor).float(), (ang.sin() * factor).float()
        if cfg['rope_layout'] == 'interleaved':
            a_idx, b_idx = torch.arange(0, dh, 2), torch.arange(1, dh, 2)
        else:
            a_idx, b_idx = torch.arange(dh // 2), torch.arange(dh // 2, dh)

        def rope(t):  # [H, n, dh]
            a, b = t[..., a_idx], t[..., b_idx]
            out = t.clone()
            out[..., a_idx], out[..., b_idx] = a * cos - b * sin, a * sin + b * cos
            return out
    bias = torch.zeros(H, n, n)
    if enc == 't5':
        buckets = torch.tensor([[t5_bucket(int(v), cfg['t5_num_buckets'], cfg['t5_max_distance']) if v >= 0 else 0 for v in row] for row in d])
        bias = W['t5_bias.weight'][buckets].permute(2, 0, 1)  # [H, n, n]
    if enc == 'alibi':
        bias = -torch.tensor(alibi_slopes(H))[:, None, None] * d.float()
    for l in range(N):
        p = f'blocks.{l}.'
        h = F.layer_norm(x, (D,), W[p + 'ln1.weight'], W[p + 'ln1.bias'], eps)
        q, k, v = (h @ W[p + 'attn.qkv.weight'] + W[p + 'attn.qkv.bias']).split(D, -1)
        q, k, v = (t.view(n, H, dh).transpose(0, 1) for t in (q, k, v))  # [H, n, dh]
        if enc == 'rope':
            q, k = rope(q), rope(k)
        s = q @ k.transpose(1, 2) / math.sqrt(dh) + bias
        s = s.masked_fill(~causal, float('-inf'))
        o = (s.softmax(-1) @ v).transpose(0, 1).reshape(n, D)
        x = x + o @ W[p + 'attn.out.weight'] + W[p + 'attn.out.bias']
        h = F.layer_norm(x, (D,), W[p + 'ln2.weight'], W[p + 'ln2.bias'], eps)
        x = x + F.relu(h @ W[p + 'mlp.fc.weight'] + W[p + 'mlp.fc.bias']) @ W[p + 'mlp.proj.weight'] + W[p + 'mlp.proj.bias']
    h = F.layer_norm(x, (D,), W['ln_f.weight'], W['ln_f.bias'], eps)
    return h @ W['head.weight'] + W['head.bias']  # [n, V]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else '/tmp/posenc-lab-parity'
    with open(f'{folder}/cases.json') as f:
        run = json.load(f)
    print(f'PyTorch {torch.__version__} against pe.lab ({run["backend"]}), float32')
    print(f'{"model":<12} {"stretch":<8} {"n":>3}  {"max |Δ|":>10}  {"max |logit|":>11}  {"relative":>9}  answers')
    worst, ok = 0.0, True
    models = {}
    for c in run['cases']:
        if c['file'] not in models:
            W, meta = load_safetensors(f'{folder}/{c["file"]}')
            models[c['file']] = (W, config_of(meta))
        W, cfg = models[c['file']]
        with torch.no_grad():
            z = logits(W, cfg, torch.tensor(c['tokens'], dtype=torch.long), c['stretch'])
        ref = torch.tensor(c['logits'], dtype=torch.float32).reshape(z.shape)
        diff = (z - ref).abs().max().item()
        scale = ref.abs().max().item()
        same = int((z.argmax(-1) == ref.argmax(-1)).sum().item())
        rel = diff / scale
        worst = max(worst, rel)
        ok = ok and rel <= 1e-4 and same == len(c['tokens'])
        print(f'{c["name"]:<12} {c["stretch"]:<8} {c["length"]:>3}  {diff:>10.2e}  {scale:>11.3f}  {rel:>9.1e}  {same}/{len(c["tokens"])}')
    print(f'largest difference: {worst:.1e} of the largest logit; {"PASS" if ok else "FAIL"}')
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
