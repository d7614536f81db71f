#!/usr/bin/env python3
"""The lab network written again from docs/LAB.md alone, in plain Python float64, and compared with
the C++ logits. Input: the file written by bench/lab_train.cpp with dump=FILE (config, every named
tensor, one token sequence and its logits). Prints the largest difference relative to the largest
logit and exits non-zero above 1e-4 (float32 training weights, float32 C++ arithmetic).

    bash scripts/lab-experiment.sh encoding=t5 dump=/tmp/t5.txt && python3 scripts/lab-reference.py /tmp/t5.txt

This is the check that the document is exact: nothing here is shared with the C++ code.
"""
import math
import struct
import sys


def f32(x):
    return struct.unpack('f', struct.pack('f', x))[0]


def read(path):
    cfg, tensors, tokens, logits, positions = {}, {}, [], [], None
    lines = open(path).read().split('\n')
    i = 0
    while i < len(lines):
        parts = lines[i].split()
        if not parts:
            i += 1
            continue
        if parts[0] == 'config':
            for kv in parts[1:]:
                k, v = kv.split('=')
                cfg[k] = v
        elif parts[0] == 'tensor':
            shape = [int(d) for d in parts[2:]]
            tensors[parts[1]] = (shape, [float(v) for v in lines[i + 1].split()])
            i += 1
        elif parts[0] == 'tokens':
            tokens = [int(t) for t in parts[1:]]
        elif parts[0] == 'positions':
            positions = [int(t) for t in parts[1:]]
        elif parts[0] == 'logits':
            logits = [float(v) for v in lines[i + 1].split()]
            i += 1
        i += 1
    return cfg, tensors, tokens, logits, positions


def matrix(t):
    shape, v = t
    rows, cols = shape if len(shape) == 2 else (1, shape[0])
    return [v[r * cols:(r + 1) * cols] for r in range(rows)]


def matmul(a, b):  # [n, k] · [k, m]
    bt = list(zip(*b))
    return [[sum(x * y for x, y in zip(row, col)) for col in bt] for row in a]


def linear(x, w, b):
    y = matmul(x, matrix(w))
    bias = b[1]
    return [[v + bb for v, bb in zip(row, bias)] for row in y]


def layer_norm(x, g, b, eps):
    out = []
    for row in x:
        mu = sum(row) / len(row)
        var = sum((v - mu) ** 2 for v in row) / len(row)
        r = 1 / math.sqrt(var + eps)
        out.append([(v - mu) * r * gg + bb for v, gg, bb in zip(row, g[1], b[1])])
    return out


def t5_bucket(d, num_buckets, max_distance):
    """T5's _relative_position_bucket, bidirectional=False, for relative_position = −d (d ≥ 0)."""
    max_exact = num_buckets // 2
    if d < max_exact:
        return d
    v = f32(f32(math.log(f32(f32(d) / f32(max_exact)))) / f32(math.log(max_distance / max_exact))) * f32(num_buckets - max_exact)
    return min(max_exact + int(f32(v)), num_buckets - 1)


def alibi_slopes(h):
    def pow2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    closest = 2 ** int(math.floor(math.log2(h)))
    s = pow2(closest)
    if closest != h:
        s += pow2(2 * closest)[0::2][: h - closest]
    return s


def sigmoid(x):
    return 1 / (1 + math.exp(-x))


def forward(cfg, W, tokens, pos=None):
    """The network of docs/LAB.md; pos: the tokens' positions (randomized positions), else 0 … n−1."""
    D, H, N = int(cfg['d_model']), int(cfg['n_heads']), int(cfg['n_layers'])
    eps, enc = float(cfg['ln_eps']), cfg['encoding']
    dh, n = D // H, len(tokens)
    pos = list(range(n)) if pos is None else pos
    emb = matrix(W['tok_emb.weight'])
    x = [list(emb[t]) for t in tokens]
    if enc == 'sinusoidal':
        for t in range(n):
            for i in range(D // 2):
                a = pos[t] * 10000.0 ** (-2 * i / D)
                x[t][2 * i] += f32(math.sin(a))
                x[t][2 * i + 1] += f32(math.cos(a))
    if enc == 'learned':
        pe = matrix(W['pos_emb.weight'])
        x = [[v + e for v, e in zip(x[t], pe[pos[t]])] for t in range(n)]
    slopes = alibi_slopes(H)
    t5 = matrix(W['t5_bias.weight']) if enc == 't5' else None
    base = float(cfg['rope_base'])
    theta = [base ** (-2 * k / dh) for k in range(dh // 2)]
    if enc == 'p-rope':  # only the fastest ⌊p·d_h/2⌋ planes turn
        kept = math.floor(float(cfg['p_rope_fraction']) * dh / 2)
        theta = [th if k < kept else 0.0 for k, th in enumerate(theta)]
    half = cfg['rope_layout'] == 'half'

    def plane(k):
        return (k, k + dh // 2) if half else (2 * k, 2 * k + 1)

    def rope(vec, p):  # one head's vector at position p
        out = list(vec)
        for k in range(dh // 2):
            ia, ib = plane(k)
            c, s = f32(math.cos(p * theta[k])), f32(math.sin(p * theta[k]))
            out[ia] = vec[ia] * c - vec[ib] * s
            out[ib] = vec[ia] * s + vec[ib] * c
        return out

    def xpos_scale(vec, t, sign):  # plane k times ζ_k^(±(t − c)/B)
        B = float(cfg['xpos_scale_base'])
        out = list(vec)
        for k in range(dh // 2):
            zeta = (2 * k / dh + 0.4) / 1.4
            f = f32(math.exp(sign * t * math.log(zeta) / B))
            for i in plane(k):
                out[i] = vec[i] * f
        return out

    def irope_nope(layer):  # Llama 4: block l has no encoding when (l + 1) % interval == 0
        return enc == 'irope' and (layer + 1) % int(cfg['irope_interval']) == 0

    def fire_bias(l, hd, i, j):
        f = f'fire.{l}.'
        c, lm = W[f + 'c'][1][0], W[f + 'l_multiplier'][1][0]
        L = abs(lm * float(cfg['fire_threshold']))
        psi = lambda v: math.log(abs(c * v) + 1)
        xx = psi(pos[i] - pos[j]) / (psi(max(pos[i], L)) + 1e-6)
        w1, b1, w2, b2 = W[f + 'mlp.fc.weight'][1], W[f + 'mlp.fc.bias'][1], matrix(W[f + 'mlp.proj.weight']), W[f + 'mlp.proj.bias'][1]
        return b2[hd] + sum(max(0.0, xx * w1[u] + b1[u]) * w2[u][hd] for u in range(len(w1)))

    for l in range(N):
        b = f'blocks.{l}.'
        h = layer_norm(x, W[b + 'ln1.weight'], W[b + 'ln1.bias'], eps)
        qkv = linear(h, W[b + 'attn.qkv.weight'], W[b + 'attn.qkv.bias'])
        o = [[0.0] * D for _ in range(n)]
        for hd in range(H):
            q = [row[hd * dh:(hd + 1) * dh] for row in qkv]
            k = [row[D + hd * dh:D + (hd + 1) * dh] for row in qkv]
            v = [row[2 * D + hd * dh:2 * D + (hd + 1) * dh] for row in qkv]
            if enc in ('rope', 'p-rope', 'xpos') or (enc == 'irope' and not irope_nope(l)):
                q = [rope(q[t], pos[t]) for t in range(n)]
                k = [rope(k[t], pos[t]) for t in range(n)]
            if enc == 'xpos':
                c = (pos[-1] + 2) // 2  # ⌈(p_last + 1)/2⌉
                q = [xpos_scale(q[t], pos[t] - c, 1) for t in range(n)]
                k = [xpos_scale(k[t], pos[t] - c, -1) for t in range(n)]
            if irope_nope(l):  # the temperature on the queries
                F, a = float(cfg['irope_floor_scale']), float(cfg['irope_attn_scale'])
                q = [[u * f32(math.log1p(math.floor((pos[t] + 1) / F)) * a + 1) for u in q[t]] for t in range(n)]
            for i in range(n):
                s0 = [sum(a * c for a, c in zip(q[i], k[j])) / math.sqrt(dh) for j in range(i + 1)]  # causal: j ≤ i
                s = list(s0)
                if enc == 'cope':  # counted positions from the gates σ(s0), interpolated position logits
                    E = matrix(W[f'cope.{l}.pos_emb'])  # [d_h, P]
                    P = int(cfg['cope_npos'])
                    logit = [sum(q[i][d] * E[d][cc] for d in range(dh)) for cc in range(P)]
                    for j in range(i + 1):
                        p = min(sum(sigmoid(s0[t]) for t in range(j, i + 1)), P - 1)
                        fl = math.floor(p)
                        w = p - fl
                        z = logit[fl] if w == 0 else (1 - w) * logit[fl] + w * logit[fl + 1]
                        s[j] += z / math.sqrt(dh)
                for j in range(i + 1):
                    d = pos[i] - pos[j]
                    if enc == 't5':
                        s[j] += t5[t5_bucket(d, int(cfg['t5_num_buckets']), int(cfg['t5_max_distance']))][hd]
                    if enc == 'alibi':
                        s[j] -= slopes[hd] * d
                    if enc == 'kerple':
                        r1, r2 = max(W['kerple.r1'][1][hd], 0.01), max(W['kerple.r2'][1][hd], 0.01)
                        s[j] -= r1 * math.log1p(r2 * d)
                    if enc == 'fire':
                        s[j] += fire_bias(l, hd, i, j)
                m = max(s)
                e = [math.exp(v_ - m) for v_ in s]
                z = sum(e)
                for j in range(i + 1):
                    for c in range(dh):
                        o[i][hd * dh + c] += e[j] / z * v[j][c]
        a = linear(o, W[b + 'attn.out.weight'], W[b + 'attn.out.bias'])
        x = [[u + w for u, w in zip(r1, r2)] for r1, r2 in zip(x, a)]
        h = layer_norm(x, W[b + 'ln2.weight'], W[b + 'ln2.bias'], eps)
        f = [[max(v_, 0.0) for v_ in row] for row in linear(h, W[b + 'mlp.fc.weight'], W[b + 'mlp.fc.bias'])]
        m = linear(f, W[b + 'mlp.proj.weight'], W[b + 'mlp.proj.bias'])
        x = [[u + w for u, w in zip(r1, r2)] for r1, r2 in zip(x, m)]
    h = layer_norm(x, W['ln_f.weight'], W['ln_f.bias'], eps)
    return linear(h, W['head.weight'], W['head.bias'])


def main():
    cfg, W, tokens, logits, positions = read(sys.argv[1])
    ref = [v for row in forward(cfg, W, tokens, positions) for v in row]
    scale = max(abs(v) for v in ref)
    diff = max(abs(a - b) for a, b in zip(ref, logits))
    where = f", random positions in [0, {cfg['random_positions']})" if positions else ''
    print(f"{cfg['encoding']} ({cfg['rope_layout']}{where}): {len(tokens)} tokens, max |logit| {scale:.3f}, "
          f"max |C++ − reference| {diff:.2e} ({diff / scale:.1e} relative)")
    sys.exit(0 if len(ref) == len(logits) and diff / scale <= 1e-4 else 1)


if __name__ == '__main__':
    main()
