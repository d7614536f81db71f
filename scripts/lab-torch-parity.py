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


MASK = (1 << 64) - 1


def splitmix64(state):
    """posenc::Rng: returns (next state, draw)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def logits_positions(n, P):
    """Randomized positions of logits(tokens) for n tokens (docs/LAB.md, "Randomized positions")."""
    state, out, t = ((n * 0x9E3779B97F4A7C15) & MASK) ^ 0x6c61625f706f736e, [], 0
    while len(out) < n:  # selection sampling: take t when uniform_int(P − t) < n − taken
        state, draw = splitmix64(state)
        if ((draw >> 32) * (P - t)) >> 32 < n - len(out):
            out.append(t)
        t += 1
    return out


def logits(W, cfg, tokens, stretch='none', positions=None):  # tokens: LongTensor [n]
    D, H, N = cfg['d_model'], cfg['n_heads'], cfg['n_layers']
    dh, n, enc, eps = D // H, len(tokens), cfg['encoding'], cfg['ln_eps']
    ip = torch.arange(n) if positions is None else torch.tensor(positions)  # positions (randomized or 0 … n−1)
    pos = ip.to(torch.float64)
    x = W['tok_emb.weight'][tokens]
    if enc == 'sinusoidal':
        ang = pos[:, None] * 10000.0 ** (-torch.arange(0, D, 2, dtype=torch.float64) / D)
        pe = torch.stack([ang.sin(), ang.cos()], -1).reshape(n, D)  # [s0 c0 s1 c1 …]
        x = x + pe.float()
    if enc == 'learned':
        assert int(ip[-1]) < cfg['n_max'], 'beyond table'
        x = x + W['pos_emb.weight'][ip]
    d = ip[:, None] - ip[None, :]  # i − j, in positions
    causal = torch.arange(n)[:, None] >= torch.arange(n)[None, :]
    if cfg['rope_layout'] == 'interleaved':
        a_idx, b_idx = torch.arange(0, dh, 2), torch.arange(1, dh, 2)
    else:
        a_idx, b_idx = torch.arange(dh // 2), torch.arange(dh // 2, dh)
    if enc in ('rope', 'xpos', 'p-rope', 'irope'):
        theta, factor = rope_frequencies(dh, cfg['rope_base'], stretch, cfg['train_length'], n)
        if enc == 'p-rope':  # only the fastest ⌊p·d_h/2⌋ planes turn
            theta[math.floor(cfg['p_rope_fraction'] * dh / 2):] = 0
        ang = pos[:, None] * theta  # [n, dh/2], float64
        cos, sin = (ang.cos() * factor).float(), (ang.sin() * factor).float()

    def rope(t):  # [H, n, dh]
        a, b = t[..., a_idx], t[..., b_idx]
        out = t.clone()
        out[..., a_idx], out[..., b_idx] = a * cos - b * sin, a * sin + b * cos
        return out

    def plane_scale(t, f):  # [H, n, dh] times f [n, dh/2] on both coordinates of each plane
        out = t.clone()
        out[..., a_idx], out[..., b_idx] = t[..., a_idx] * f, t[..., b_idx] * f
        return out

    if enc == 'xpos':  # ζ_i^(±(p − c)/B), c = ⌈(p_last + 1)/2⌉
        zeta = (torch.arange(0, dh, 2, dtype=torch.float64) / dh + 0.4) / 1.4
        rel = pos - (int(ip[-1]) + 2) // 2
        up = torch.exp(rel[:, None] * zeta.log() / cfg['xpos_scale_base']).float()
        down = torch.exp(-rel[:, None] * zeta.log() / cfg['xpos_scale_base']).float()
    bias = torch.zeros(H, n, n)
    if enc == 't5':
        buckets = torch.tensor([[t5_bucket(int(v), cfg['t5_num_buckets'], cfg['t5_max_distance']) if v >= 0 else 0 for v in row] for row in d])
        bias = W['t5_bias.weight'][buckets].permute(2, 0, 1)  # [H, n, n]
    if enc == 'alibi':
        bias = -torch.tensor(alibi_slopes(H))[:, None, None] * d.float()
    if enc == 'kerple':  # −max(r1, 0.01)·log(1 + max(r2, 0.01)·(i − j)), one pair per head
        r1, r2 = W['kerple.r1'].clamp(min=0.01), W['kerple.r2'].clamp(min=0.01)
        bias = -r1[:, None, None] * torch.log1p(r2[:, None, None] * d.clamp(min=0).float())

    def fire(l):  # f_θ(ψ(i − j)/(ψ(max(i, L)) + 1e-6)), ψ(x) = log(|c·x| + 1)
        f = f'fire.{l}.'
        c = W[f + 'c'][0]
        L = (W[f + 'l_multiplier'][0] * cfg['fire_threshold']).abs()
        qpos = ip.float()
        norm = torch.log((c * torch.maximum(qpos, L)).abs() + 1) + 1e-6
        xx = torch.log((c * d.clamp(min=0).float()).abs() + 1) / norm[:, None]  # [n, n]
        hidden = F.relu(xx[..., None] * W[f + 'mlp.fc.weight'][0] + W[f + 'mlp.fc.bias'])
        return (hidden @ W[f + 'mlp.proj.weight'] + W[f + 'mlp.proj.bias']).permute(2, 0, 1)  # [H, n, n]

    def cope(l, q, s0):  # counted positions (Golovneva et al. 2024; their ContextPosSelfAttn)
        E, P = W[f'cope.{l}.pos_emb'], cfg['cope_npos']  # [d_h, P]
        gates = torch.sigmoid(s0) * causal
        p = gates.flip(-1).cumsum(-1).flip(-1).clamp(max=P - 1)
        fixed = q @ E  # [H, n, P]: q_i·e[c]
        lo, hi = p.floor().long(), p.ceil().long()
        w = p - lo
        return fixed.gather(-1, hi) * w + fixed.gather(-1, lo) * (1 - w)

    for l in range(N):
        p_ = f'blocks.{l}.'
        h = F.layer_norm(x, (D,), W[p_ + 'ln1.weight'], W[p_ + 'ln1.bias'], eps)
        q, k, v = (h @ W[p_ + 'attn.qkv.weight'] + W[p_ + 'attn.qkv.bias']).split(D, -1)
        q, k, v = (t.view(n, H, dh).transpose(0, 1) for t in (q, k, v))  # [H, n, dh]
        nope = enc == 'irope' and (l + 1) % cfg['irope_interval'] == 0  # Llama 4's NoPE blocks
        if enc in ('rope', 'xpos', 'p-rope') or (enc == 'irope' and not nope):
            q, k = rope(q), rope(k)
        if enc == 'xpos':
            q, k = plane_scale(q, up), plane_scale(k, down)
        if nope:  # Llama 4's attention temperature on the queries
            tau = (torch.log1p(torch.floor((pos + 1) / cfg['irope_floor_scale'])) * cfg['irope_attn_scale'] + 1).float()
            q = q * tau[None, :, None]
        s0 = q @ k.transpose(1, 2) / math.sqrt(dh)
        s = s0 + bias
        if enc == 'fire':
            s = s + fire(l)
        if enc == 'cope':
            s = s + cope(l, q, s0) / math.sqrt(dh)
        s = s.masked_fill(~causal, float('-inf'))
        o = (s.softmax(-1) @ v).transpose(0, 1).reshape(n, D)
        x = x + o @ W[p_ + 'attn.out.weight'] + W[p_ + 'attn.out.bias']
        h = F.layer_norm(x, (D,), W[p_ + 'ln2.weight'], W[p_ + 'ln2.bias'], eps)
        x = x + F.relu(h @ W[p_ + 'mlp.fc.weight'] + W[p_ + 'mlp.fc.bias']) @ W[p_ + 'mlp.proj.weight'] + W[p_ + 'mlp.proj.bias']
    h = F.layer_norm(x, (D,), W['ln_f.weight'], W['ln_f.bias'], eps)
    return h @ W['head.weight'] + W['head.bias']  # [n, V]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else '/tmp/posenc-lab-parity'
    with open(f'{folder}/cases.json') as f:
        run = json.load(f)
    print(f'PyTorch {torch.__version__} against pe.lab ({run["backend"]}), float32')
    print(f'{"model":<16} {"stretch":<8} {"n":>3}  {"max |Δ|":>10}  {"max |logit|":>11}  {"relative":>9}  answers')
    worst, ok = 0.0, True
    models = {}
    for c in run['cases']:
        if c['file'] not in models:
            W, meta = load_safetensors(f'{folder}/{c["file"]}')
            models[c['file']] = (W, config_of(meta))
        W, cfg = models[c['file']]
        P = cfg.get('random_positions', 0)
        positions = logits_positions(len(c['tokens']), P) if P > 0 else None
        with torch.no_grad():
            z = logits(W, cfg, torch.tensor(c['tokens'], dtype=torch.long), c['stretch'], positions)
        ref = torch.tensor(c['logits'], dtype=torch.float32).reshape(z.shape)
        diff = (z - ref).abs().max().item()
        scale = ref.abs().max().item()
        same = int((z.argmax(-1) == ref.argmax(-1)).sum().item())
        rel = diff / scale
        worst = max(worst, rel)
        ok = ok and rel <= 1e-4 and same == len(c['tokens'])
        print(f'{c["name"]:<16} {c["stretch"]:<8} {c["length"]:>3}  {diff:>10.2e}  {scale:>11.3f}  {rel:>9.1e}  {same}/{len(c["tokens"])}')
    print(f'largest difference: {worst:.1e} of the largest logit; {"PASS" if ok else "FAIL"}')
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
