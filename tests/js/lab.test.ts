// pe.lab through the packed package, as a consumer uses it: small models trained in a few hundred
// steps (well under a second each), checked against what docs/LAB.md promises: in-distribution
// accuracy on a task they learn, "beyond table" past n_max (accuracies null), safetensors round
// trips with identical logits, bit-identical files for the same seed, abort, progress, named errors,
// and memory that stays flat over repeated train / evaluate / dispose.
import { beforeAll, describe, expect, it } from 'vitest';

import type { LabModel, LabProgress, Posenc } from '../../web/src/lib/types.js';
import { loadPosenc } from './load-posenc.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
  await pe.lab.load();
});

describe('the lab loads when first used', () => {
  it('init() leaves its module out; sync functions say so; load() and train() fetch it once', async () => {
    const fresh = await loadPosenc();
    expect(fresh.lab.memoryBytes()).toBe(0);
    expect(fresh.lab.liveModels()).toBe(0);
    expect([...fresh.lab.encodings]).toEqual([...pe.lab.encodings]);
    expect(fresh.lab.defaults).toEqual(pe.lab.defaults);
    expect(() => fresh.lab.sample({ task: 'offset', length: 8 })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_STATE', message: expect.stringMatching(/await pe\.lab\.load\(\) first/) }),
    );
    const model = await fresh.lab.train({ encoding: 'none', task: 'offset', steps: 0 });
    expect(fresh.lab.memoryBytes()).toBeGreaterThan(0);
    expect(fresh.lab.sample({ task: 'offset', length: 8 }).tokens.length).toBe(8);
    model.dispose();
    await fresh.lab.load(); // already loaded: nothing more
    expect(fresh.lab.liveModels()).toBe(0);
  });
});

const SMALL = { task: 'offset', trainLength: 8, steps: 250, seed: 7 } as const;
const sameBits = (a: Float32Array, b: Float32Array) =>
  a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Reads a safetensors file by hand (independently of the package): header JSON and raw floats. */
function readSafetensors(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(view.getBigUint64(0, true));
  const header = JSON.parse(Buffer.from(bytes.subarray(8, 8 + n)).toString('utf8'));
  return {
    n,
    header,
    data: (name: string) => {
      const [b, e] = header[name].data_offsets;
      return new Float32Array(bytes.slice(8 + n + b, 8 + n + e).buffer);
    },
  };
}

describe('pe.lab: names and defaults come from the core', () => {
  it('lists the twelve encodings, at least three tasks (recall first) and the default experiment', () => {
    expect(pe.lab.encodings).toEqual([
      'none',
      'sinusoidal',
      'learned',
      't5',
      'alibi',
      'rope',
      'xpos',
      'p-rope',
      'kerple',
      'fire',
      'cope',
      'irope',
    ]);
    expect(pe.lab.tasks).toEqual(['recall', 'offset', 'copy', 'reverse', 'induction', 'sort', 'flipflop', 'selective-copy']);
    expect(pe.lab.tasks.length).toBeGreaterThanOrEqual(3);
    expect(pe.lab.tasks[0]).toBe('recall');
    expect(pe.lab.tasks).toEqual(expect.arrayContaining(['offset', 'copy']));
    expect(pe.lab.defaults).toMatchObject({
      trainLength: 12,
      steps: 3000,
      dModel: 32,
      nHeads: 2,
      nLayers: 2,
      dMlp: 128,
      lr: 0.003,
      batchSize: 32,
    });
    // the newer encodings' options, and randomized positions off (0: filled from trainLength)
    expect(pe.lab.defaults).toMatchObject({
      xposScaleBase: 0,
      pRopeFraction: 0.75,
      fireMlpWidth: 32,
      fireThreshold: 0,
      copeNpos: 0,
      iropeInterval: 2,
      iropeFloorScale: 0,
      iropeAttnScale: 0.1,
      randomPositions: 0,
    });
    expect(pe.lab.tokenNames.slice(0, 4)).toEqual(['<bos>', '<sep>', 'a', 'b']);
    expect(pe.lab.tokenNames).toHaveLength(50);
  });

  it('sample() gives the evaluation sequences the tasks of docs/LAB.md describe', () => {
    // offset: <bos> then symbols; the target at t ≥ 4 is the token 3 places back
    const s = pe.lab.sample({ task: 'offset', length: 10, index: 2 });
    expect(s.tokens[0]).toBe(0);
    for (let t = 0; t < 10; t++) expect(s.targets[t]).toBe(t >= 4 ? s.tokens[t - 3] : -1);
    // copy: <bos> x1 … xa <sep> x1 …: the answer at <sep> is x1
    const c = pe.lab.sample({ task: 'copy', length: 9 });
    const sep = Array.from(c.tokens).indexOf(1);
    expect(sep).toBe(1 + Math.ceil((9 - 2) / 2));
    expect(c.targets[sep]).toBe(c.tokens[1]);
  });
});

describe('checkpoints: the model in training, evaluated on the way', () => {
  it('calls onCheckpoint at every multiple of `every` with a usable model, which expires after the call, and leaves the weights unchanged', async () => {
    const seen: { step: number; steps: number; acc: number; attention: number }[] = [];
    let kept: LabModel | undefined;
    const tokens = pe.lab.sample({ task: SMALL.task, length: 10 }).tokens;
    const checked = await pe.lab.train(
      { ...SMALL, encoding: 'rope' },
      {
        every: 60,
        onCheckpoint: ({ step, steps, model }) => {
          kept = model;
          const [row] = model.evaluate({ lengths: [SMALL.trainLength], sequences: 32 });
          seen.push({ step, steps, acc: row.tokenAccuracy!, attention: model.attention(tokens).data.length });
        },
      },
    );
    expect(seen.map((s) => s.step)).toEqual([60, 120, 180, 240]);
    for (const s of seen) {
      expect(s.steps).toBe(SMALL.steps);
      expect(s.acc >= 0 && s.acc <= 1).toBe(true);
      expect(s.attention).toBe(2 * 2 * 10 * 10);
    }
    // the view ends with the call; the trained model is the promise's
    expect(() => kept!.evaluate({ lengths: [8] })).toThrow(/disposed/);
    const plain = await pe.lab.train({ ...SMALL, encoding: 'rope' });
    const [a, b] = [checked.tensors(), plain.tensors()];
    expect(a.length).toBe(b.length);
    a.forEach((t, i) => expect(sameBits(t.data, b[i].data), t.name).toBe(true));
    checked.dispose();
    plain.dispose();
    await expect(pe.lab.train({ ...SMALL, encoding: 'rope' }, { every: 0 })).rejects.toThrow(/every must be an integer/);
    await expect(pe.lab.train({ ...SMALL, encoding: 'rope' }, { onCheckpoint: 1 as never })).rejects.toThrow(
      /onCheckpoint must be a function/,
    );
  });
});

describe('training a small model', () => {
  let model: LabModel;
  const reports: LabProgress[] = [];
  beforeAll(async () => {
    model = await pe.lab.train({ ...SMALL, encoding: 'rope' }, { onProgress: (p) => reports.push(p) });
  });

  it('learns the offset task in distribution, and reports progress on the way', () => {
    const [row] = model.evaluate({ lengths: [SMALL.trainLength], sequences: 256 });
    expect(row).toMatchObject({ length: 8, beyondTable: false, sequences: 256 });
    expect(row.sequenceAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(row.tokenAccuracy).toBeGreaterThanOrEqual(0.98);
    // scored positions: t = 4 … 7 of every sequence
    expect(row.scored).toBe(256 * 4);
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.map((r) => r.step)).toEqual([...reports.map((r) => r.step)].sort((a, b) => a - b));
    expect(reports[reports.length - 1].step).toBe(SMALL.steps);
    expect(reports.reduce((s, r) => s + r.losses.length, 0)).toBe(SMALL.steps);
    // the loss falls: the first steps are near ln 50 (uniform over the vocabulary), the last near 0
    expect(reports[0].losses[0]).toBeGreaterThan(2.5);
    expect(reports[reports.length - 1].loss).toBeLessThan(0.1);
    expect(model.trainLength).toBe(8);
    expect(model.task).toBe('offset');
    expect(model.encoding).toBe('rope');
  });

  it('logits are [n, vocab] float32, and predict() is their first largest entry, as evaluate() scores', () => {
    const s = pe.lab.sample({ task: 'offset', length: 8, index: 5 });
    const z = model.logits(s.tokens);
    expect(z).toBeInstanceOf(Float32Array);
    expect(z.length).toBe(8 * 50);
    const best = model.predict(s.tokens);
    for (let t = 0; t < 8; t++) {
      const row = Array.from(z.subarray(t * 50, t * 50 + 50));
      expect(best[t]).toBe(row.indexOf(Math.max(...row)));
    }
    for (let t = 4; t < 8; t++) expect(best[t]).toBe(s.targets[t]);
    // an array of ids works as well as an Int32Array
    expect(sameBits(model.logits(Array.from(s.tokens) as never), z)).toBe(true);
  });

  it('attention maps are causal probability rows, [layers, heads, n, n]', () => {
    const s = pe.lab.sample({ task: 'offset', length: 8 });
    const a = model.attention(s.tokens);
    expect([a.layers, a.heads, a.length]).toEqual([2, 2, 8]);
    expect(a.data.length).toBe(2 * 2 * 8 * 8);
    for (let m = 0; m < 4; m++) {
      for (let i = 0; i < 8; i++) {
        let sum = 0;
        for (let j = 0; j < 8; j++) {
          const p = a.data[(m * 8 + i) * 8 + j];
          if (j > i) expect(p).toBe(0);
          sum += p;
        }
        expect(sum).toBeCloseTo(1, 5);
      }
    }
  });

  it('a RoPE model can be stretched at evaluation; identity up to the training length', () => {
    const s = pe.lab.sample({ task: 'offset', length: 8 });
    expect(sameBits(model.logits(s.tokens, { stretch: 'yarn' }), model.logits(s.tokens))).toBe(true);
    const long = pe.lab.sample({ task: 'offset', length: 16 });
    expect(sameBits(model.logits(long.tokens, { stretch: 'pi' }), model.logits(long.tokens))).toBe(false);
    const rows = model.evaluate({ lengths: [8, 16], sequences: 64, stretch: 'ntk' });
    expect(rows[0].sequenceAccuracy).toBe(model.evaluate({ lengths: [8], sequences: 64 })[0].sequenceAccuracy);
  });

  it('round-trips through safetensors: the same tensors and bit-identical logits', () => {
    const bytes = model.toSafetensors();
    const file = readSafetensors(bytes);
    // 8-byte length, header padded so the data starts 8-byte aligned
    expect((8 + file.n) % 8).toBe(0);
    expect(file.header.__metadata__).toMatchObject({
      format: 'pt',
      posenc: 'posenc-lab/1',
      encoding: 'rope',
      rope_layout: 'interleaved',
      d_model: '32',
      n_heads: '2',
      n_layers: '2',
      d_mlp: '128',
      task: 'offset',
      train_length: '8',
      'train.seed': '7',
      'train.steps': '250',
    });
    const tensors = model.tensors();
    expect(tensors.map((t) => t.name)).toEqual(Object.keys(file.header).filter((k) => k !== '__metadata__'));
    expect(tensors[0]).toMatchObject({ name: 'tok_emb.weight', shape: [50, 32] });
    for (const t of tensors) {
      expect(file.header[t.name]).toMatchObject({ dtype: 'F32', shape: t.shape });
      expect(sameBits(file.data(t.name), t.data)).toBe(true);
    }
    const copy = pe.lab.fromSafetensors(bytes);
    try {
      expect(copy).toMatchObject({ task: 'offset', encoding: 'rope', trainLength: 8, parameters: model.parameters });
      expect(copy.config).toEqual(model.config);
      expect(copy.train).toEqual(model.train);
      for (const n of [8, 13]) {
        const s = pe.lab.sample({ task: 'offset', length: n, index: 3 });
        expect(sameBits(copy.logits(s.tokens), model.logits(s.tokens)), `n = ${n}`).toBe(true);
      }
      expect(copy.evaluate({ lengths: [8, 12], sequences: 64 })).toEqual(model.evaluate({ lengths: [8, 12], sequences: 64 }));
      // and the copy writes the same file
      expect(Buffer.from(copy.toSafetensors()).equals(Buffer.from(bytes))).toBe(true);
    } finally {
      copy.dispose();
    }
  });

  it('the same seed in the same build gives a bit-identical file; another seed does not', async () => {
    const again = await pe.lab.train({ ...SMALL, encoding: 'rope' });
    const other = await pe.lab.train({ ...SMALL, encoding: 'rope', seed: 8 });
    try {
      expect(Buffer.from(again.toSafetensors()).equals(Buffer.from(model.toSafetensors()))).toBe(true);
      expect(Buffer.from(other.toSafetensors()).equals(Buffer.from(model.toSafetensors()))).toBe(false);
    } finally {
      again.dispose();
      other.dispose();
    }
  });

  it('a disposed model says so, and disposing twice is harmless', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 'none', steps: 1 });
    const live = pe.lab.liveModels();
    m.dispose();
    m.dispose();
    expect(pe.lab.liveModels()).toBe(live - 1);
    expect(() => m.logits(new Int32Array([0, 2]))).toThrow(/model\.logits: this model was disposed/);
    expect(() => m.evaluate({ lengths: [8] })).toThrow(TypeError);
    expect(() => m.toSafetensors()).toThrow(/model\.toSafetensors: this model was disposed/);
  });
});

describe('the learned table past n_max', () => {
  it('evaluate() reports "beyond table" with null accuracies; logits() refuses and names n_max', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 'learned' });
    try {
      const rows = m.evaluate({ lengths: [8, 9, 16], sequences: 128 });
      expect(rows[0]).toMatchObject({ length: 8, beyondTable: false });
      expect(rows[0].sequenceAccuracy).toBeGreaterThanOrEqual(0.95);
      for (const r of rows.slice(1)) expect(r).toMatchObject({ beyondTable: true, tokenAccuracy: null, sequenceAccuracy: null });
      expect(m.config.n_max).toBe(8);
      const table = m.positionTable()!;
      expect([table.rows, table.cols]).toEqual([8, 32]);
      expect(sameBits(table.data, m.tensors().find((t) => t.name === 'pos_emb.weight')!.data)).toBe(true);
      expect(() => m.logits(new Int32Array(9).fill(2))).toThrow(RangeError);
      expect(() => m.logits(new Int32Array(9).fill(2))).toThrow(
        /beyond table: a sequence of 9 tokens needs positions up to 8, and the learned table has rows 0 to 7 \(nMax = 8\)/,
      );
      // a loaded copy keeps its table size
      const copy = pe.lab.fromSafetensors(m.toSafetensors());
      expect(copy.evaluate({ lengths: [9] })[0].beyondTable).toBe(true);
      copy.dispose();
      // other encodings have no table
      expect(m.encoding).toBe('learned');
    } finally {
      m.dispose();
    }
  });

  it('a table longer than the training length (nMax) has rows past it, which were never trained', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 'learned', nMax: 12, steps: 50 });
    try {
      const rows = m.evaluate({ lengths: [8, 12, 13], sequences: 16 });
      expect(rows.map((r) => r.beyondTable)).toEqual([false, false, true]);
      expect(m.positionTable()!.rows).toBe(12);
    } finally {
      m.dispose();
    }
  });
});

describe('abort and progress', () => {
  it('an abort signal stops training between chunks with an AbortError, and frees the model', async () => {
    const live = pe.lab.liveModels();
    const controller = new AbortController();
    let calls = 0;
    const run = pe.lab.train(
      { encoding: 'rope', steps: 100000 },
      {
        signal: controller.signal,
        onProgress: () => {
          if (++calls === 2) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(2);
    expect(pe.lab.liveModels()).toBe(live);
    // an already aborted signal rejects at once
    await expect(pe.lab.train({ encoding: 'none', steps: 5 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(pe.lab.liveModels()).toBe(live);
  });

  it('an error thrown by onProgress rejects the promise and frees the model', async () => {
    const live = pe.lab.liveModels();
    await expect(
      pe.lab.train(
        { encoding: 'none', steps: 50 },
        {
          onProgress: () => {
            throw new Error('mine');
          },
        },
      ),
    ).rejects.toThrow('mine');
    expect(pe.lab.liveModels()).toBe(live);
  });

  it('training yields to the event loop: a timer fires while a model trains', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const m = await pe.lab.train({ encoding: 'none', steps: 400 });
    clearInterval(timer);
    m.dispose();
    expect(ticks).toBeGreaterThan(2);
  });
});

describe('the encodings since 2023 and randomized positions', () => {
  const NEW = ['xpos', 'p-rope', 'kerple', 'fire', 'cope', 'irope'] as const;

  it('each trains, fills its 0 defaults from trainLength, and round-trips through safetensors bit for bit', async () => {
    // trainLength 8: xPos's B = 8/2, FIRE's L0 = 8/4, CoPE's P = 8 + 1, iRoPE's step = 8
    const filled: Record<string, Record<string, number>> = {
      xpos: { xpos_scale_base: 4 },
      fire: { fire_threshold: 2, fire_mlp_width: 32 },
      cope: { cope_npos: 9 },
      irope: { irope_floor_scale: 8, irope_interval: 2 },
    };
    for (const encoding of NEW) {
      const m = await pe.lab.train({ ...SMALL, encoding, steps: 40 });
      try {
        expect(m.config).toMatchObject({ encoding, ...(filled[encoding] ?? {}) });
        const meta = readSafetensors(m.toSafetensors()).header.__metadata__;
        for (const [k, v] of Object.entries(filled[encoding] ?? {})) expect(meta[k], `${encoding} ${k}`).toBe(String(v));
        const copy = pe.lab.fromSafetensors(m.toSafetensors());
        try {
          for (const n of [8, 20]) {
            const s = pe.lab.sample({ task: 'offset', length: n, index: 1 });
            expect(sameBits(copy.logits(s.tokens), m.logits(s.tokens)), `${encoding}, n = ${n}`).toBe(true);
          }
        } finally {
          copy.dispose();
        }
      } finally {
        m.dispose();
      }
    }
  });

  it('biasCurves(): the last query bias by key (Kerple: its formula); countedPositions(): the counts of CoPE', async () => {
    const k = await pe.lab.train({ ...SMALL, encoding: 'kerple', steps: 30 });
    const c = await pe.lab.train({ ...SMALL, encoding: 'cope', steps: 30 });
    try {
      const curve = k.biasCurves({ length: 10 });
      expect([curve.layers, curve.heads, curve.length, curve.data.length]).toEqual([2, 2, 10, 40]);
      const t = Object.fromEntries(k.tensors().map((x) => [x.name, x.data]));
      for (let h = 0; h < 2; h++) {
        const r1 = Math.max(t['kerple.r1'][h], 0.01),
          r2 = Math.max(t['kerple.r2'][h], 0.01);
        for (let j = 0; j < 10; j++) expect(curve.data[h * 10 + j]).toBeCloseTo(-r1 * Math.log1p(r2 * (9 - j)), 5);
        // one pair per head, shared by the blocks
        expect(Array.from(curve.data.subarray(20 + h * 10, 30 + h * 10))).toEqual(Array.from(curve.data.subarray(h * 10, h * 10 + 10)));
      }
      expect(() => c.biasCurves({ length: 10 })).toThrow(/no bias that depends on positions alone/);
      const s = pe.lab.sample({ task: 'offset', length: 9 });
      const counts = c.countedPositions(s.tokens);
      expect([counts.layers, counts.heads, counts.length]).toEqual([2, 2, 9]);
      for (let m = 0; m < 4; m++) {
        for (let i = 0; i < 9; i++) {
          // a sum of i − j + 1 gates in (0, 1): between 0 and i − j + 1, growing as j goes back, 0 past i
          for (let j = 0; j <= i; j++) {
            const p = counts.data[(m * 9 + i) * 9 + j];
            expect(p).toBeGreaterThan(0);
            expect(p).toBeLessThan(i - j + 1);
            if (j < i) expect(p).toBeGreaterThanOrEqual(counts.data[(m * 9 + i) * 9 + j + 1]);
          }
          for (let j = i + 1; j < 9; j++) expect(counts.data[(m * 9 + i) * 9 + j]).toBe(0);
        }
      }
      expect(() => k.countedPositions(s.tokens)).toThrow(/counts no positions \(CoPE does\)/);
    } finally {
      k.dispose();
      c.dispose();
    }
  });

  it('randomized positions: sequences up to P tokens, "beyond table" past it, refused where no position is read', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 'learned', steps: 40, randomPositions: 16 });
    try {
      expect(m.config).toMatchObject({ random_positions: 16, n_max: 16 });
      const rows = m.evaluate({ lengths: [8, 16, 17], sequences: 16 });
      expect(rows.map((r) => r.beyondTable)).toEqual([false, false, true]);
      expect(rows[2].sequenceAccuracy).toBeNull();
      expect(() => m.logits(pe.lab.sample({ task: 'offset', length: 17 }).tokens)).toThrow(
        /draws them from \[0, 16\) \(randomPositions = 16\)/,
      );
      const s = pe.lab.sample({ task: 'offset', length: 16 });
      expect(sameBits(m.logits(s.tokens), m.logits(s.tokens))).toBe(true); // one fixed draw per length
    } finally {
      m.dispose();
    }
    await expect(pe.lab.train({ encoding: 'cope', randomPositions: 40 })).rejects.toThrow(
      /randomPositions does not apply to cope: it reads no positions/,
    );
    await expect(pe.lab.train({ encoding: 'rope', randomPositions: 8 })).rejects.toThrow(
      /randomPositions \(8\) must be at least trainLength \(12\)/,
    );
  });
});

describe('errors name the argument and what is allowed; the next call works', () => {
  it('options of train(): the promise rejects (never a synchronous throw)', async () => {
    let pending: Promise<unknown> | undefined;
    expect(() => (pending = pe.lab.train({ encoding: 'ropee' as never }))).not.toThrow();
    await expect(pending).rejects.toThrow(RangeError);
    // .catch() sees a bad option, as with any promise
    const caught = await pe.lab.train({ encoding: 'none', steps: -1 }).catch((e: Error) => e.message);
    expect(caught).toMatch(/lab\.train: steps must be an integer/);
    await expect(pe.lab.train({ encoding: 'ropee' as never })).rejects.toThrow(RangeError);
    await expect(pe.lab.train({ encoding: 'ropee' as never })).rejects.toThrow(
      /lab\.train: encoding must be one of none, sinusoidal, learned, t5, alibi, rope, xpos, p-rope, kerple, fire, cope, irope; got 'ropee'/,
    );
    await expect(pe.lab.train({} as never)).rejects.toThrow(/encoding is required/);
    await expect(pe.lab.train({ encoding: 'rope', trainLength: '12' as never })).rejects.toThrow(TypeError);
    await expect(pe.lab.train({ encoding: 'rope', trainLength: '12' as never })).rejects.toThrow(/trainLength must be a number/);
    await expect(pe.lab.train({ encoding: 'rope', task: 'offset', trainLength: 4 })).rejects.toThrow(
      /trainLength must be an integer from 5 to 4096, got 4/,
    );
    await expect(pe.lab.train({ encoding: 'rope', steps: 2.5 })).rejects.toThrow(/steps must be an integer/);
    await expect(pe.lab.train({ encoding: 'rope', dModel: 18 })).rejects.toThrow(
      /head dimension dModel \/ nHeads must be even for RoPE, got 9/,
    );
    await expect(pe.lab.train({ encoding: 'none', dModel: 32, nHeads: 3 })).rejects.toThrow(
      /dModel \(32\) must be a multiple of nHeads \(3\)/,
    );
    await expect(pe.lab.train({ encoding: 'none', lr: 0 })).rejects.toThrow(/lr must be a number in \(0, 10\]/);
    await expect(pe.lab.train({ encoding: 'none', seed: -1 })).rejects.toThrow(/seed must be/);
    await expect(pe.lab.train({ encoding: 'rope', ropeLayout: 'split' as never })).rejects.toThrow(
      /ropeLayout must be 'interleaved' or 'half'/,
    );
    await expect(pe.lab.train({ encoding: 'none', task: 'sorting' })).rejects.toThrow(
      /task must be one of recall, offset, copy, reverse, induction, sort, flipflop, selective-copy/,
    );
    await expect(pe.lab.train({ encoding: 'none', stepz: 3 } as never)).rejects.toThrow(/unknown option 'stepz'/);
    await expect(pe.lab.train({ encoding: 'none', dModel: 1024, nLayers: 16, dMlp: 4096 })).rejects.toThrow(
      /MiB of memory; the limit is 512 MiB/,
    );
    await expect(pe.lab.train({ encoding: 'none' }, { onProgress: 3 as never })).rejects.toThrow(/onProgress must be a function/);
    await expect(pe.lab.train({ encoding: 'none' }, { signal: {} as never })).rejects.toThrow(/signal must be an AbortSignal/);
    expect(pe.lab.liveModels()).toBeGreaterThanOrEqual(0);
  });

  it('evaluate(), logits(), sample() on a model', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 't5', steps: 5 });
    try {
      expect(() => m.evaluate({ lengths: [4] })).toThrow(
        /lengths: each must be an integer from 5 \(the shortest offset sequence\) to 4096, got 4/,
      );
      expect(() => m.evaluate({ lengths: [] })).toThrow(/lengths must have 1 to 64 entries/);
      expect(() => m.evaluate({ lengths: [8.5] })).toThrow(/lengths\[0\] must be an integer, got 8\.5$/);
      expect(() => m.logits([2 ** 31] as never)).toThrow(/tokens\[0\] must be an integer token id, got 2147483648/);
      expect(() => m.evaluate({ lengths: [8], sequences: 0 })).toThrow(/sequences must be an integer from 1 to 100000/);
      expect(() => m.evaluate({ lengths: [8], stretch: 'pi' })).toThrow(/stretch applies to rope models only; this model uses t5/);
      expect(() => m.evaluate({ lengths: 8 as never })).toThrow(TypeError);
      expect(() => m.logits(new Int32Array([0, 50]))).toThrow(/tokens\[1\] must be a token id from 0 to 49, got 50/);
      expect(() => m.logits(new Int32Array(0))).toThrow(/tokens\.length must be an integer from 1 to 4096, got 0/);
      expect(() => m.logits('abc' as never)).toThrow(TypeError);
      expect(() => m.logits([0, 1.5] as never)).toThrow(/tokens\[1\] must be an integer/);
      expect(() => m.logits(new Int32Array([0, 2]), { stretch: 'long' as never })).toThrow(/stretch must be one of none, pi, ntk, yarn/);
      expect(() => pe.lab.sample({ task: 'copy', length: 2 })).toThrow(/length must be an integer from 3/);
      // and the model still answers
      expect(m.logits(new Int32Array([0, 2, 3])).length).toBe(150);
    } finally {
      m.dispose();
    }
  });

  it('fromSafetensors() refuses a damaged or foreign file, naming what is wrong', async () => {
    const m = await pe.lab.train({ ...SMALL, encoding: 'alibi', steps: 5 });
    const good = m.toSafetensors();
    m.dispose();
    const edit = (f: (h: Record<string, any>) => void) => {
      const { n, header } = readSafetensors(good);
      f(header);
      const json = Buffer.from(JSON.stringify(header));
      const out = new Uint8Array(8 + json.length + good.length - 8 - n);
      new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
      out.set(json, 8);
      out.set(good.subarray(8 + n), 8 + json.length);
      return out;
    };
    const live = pe.lab.liveModels();
    expect(() => pe.lab.fromSafetensors([1, 2] as never)).toThrow(/bytes must be a Uint8Array/);
    expect(() => pe.lab.fromSafetensors(new Uint8Array(3))).toThrow(/8-byte header length/);
    expect(() => pe.lab.fromSafetensors(good.subarray(0, 100))).toThrow(/header length .* does not fit/);
    expect(() => pe.lab.fromSafetensors(good.subarray(0, good.length - 4))).toThrow(/tensor 'head\.bias': data_offsets .* lie outside/);
    const junk = good.slice();
    junk[9] = 0xff;
    expect(() => pe.lab.fromSafetensors(junk)).toThrow(/not valid UTF-8 JSON/);
    expect(() => pe.lab.fromSafetensors(edit((h) => delete h['head.bias']))).toThrow(/tensor 'head\.bias' is missing/);
    expect(() => pe.lab.fromSafetensors(edit((h) => (h['head.weight'].dtype = 'F16')))).toThrow(
      /tensor 'head\.weight': dtype must be "F32"/,
    );
    expect(() => pe.lab.fromSafetensors(edit((h) => (h['head.bias'].shape = [25, 2])))).toThrow(
      /tensor 'head\.bias' must have shape \[50\]/,
    );
    expect(() => pe.lab.fromSafetensors(edit((h) => (h['head.bias'].shape = [51])))).toThrow(/data_offsets hold 200 bytes/);
    expect(() => pe.lab.fromSafetensors(edit((h) => (h['x.weight'] = { dtype: 'F32', shape: [0], data_offsets: [0, 0] })))).toThrow(
      /tensor 'x\.weight' is not a parameter/,
    );
    expect(() => pe.lab.fromSafetensors(edit((h) => (h.__metadata__.d_model = 'wide')))).toThrow(
      /__metadata__\.d_model must be a finite number/,
    );
    expect(() => pe.lab.fromSafetensors(edit((h) => (h.__metadata__.d_model = '48')))).toThrow(/must have shape/);
    expect(() => pe.lab.fromSafetensors(edit((h) => (h.__metadata__.encoding = 't5')))).toThrow(/tensor .t5_bias\.weight. is missing/);
    expect(() => pe.lab.fromSafetensors(edit((h) => delete h.__metadata__.posenc))).toThrow(/__metadata__\.posenc must be 'posenc-lab\/1'/);
    expect(() => pe.lab.fromSafetensors(edit((h) => (h.__metadata__.n_layers = '100')))).toThrow(/nLayers must be an integer from 1 to 16/);
    // A NaN weight (a corrupt file, or a run saved after it diverged): named, with its tensor and index.
    const nan = good.slice();
    const { n, header } = readSafetensors(good);
    const [from] = header['head.bias'].data_offsets as number[];
    new DataView(nan.buffer).setFloat32(8 + n + from + 4 * 3, NaN, true);
    expect(() => pe.lab.fromSafetensors(nan)).toThrow(/tensor 'head\.bias' holds NaN at index 3; every weight must be finite/);
    expect(pe.lab.liveModels()).toBe(live);
    pe.lab.fromSafetensors(good).dispose();
  });
});

describe('memory', () => {
  it('stays flat over repeated train / evaluate / export / import / dispose, with failures mixed in', async () => {
    const cycle = async (i: number) => {
      const m = await pe.lab.train({ ...SMALL, encoding: pe.lab.encodings[i % 6], steps: 20, seed: i });
      m.evaluate({ lengths: [8, 16, 24], sequences: 64 });
      m.attention(pe.lab.sample({ task: 'offset', length: 8 }).tokens);
      const copy = pe.lab.fromSafetensors(m.toSafetensors());
      expect(() => copy.logits(new Int32Array([99]))).toThrow(RangeError);
      await expect(pe.lab.train({ encoding: 'none', dModel: 3 })).rejects.toThrow(RangeError);
      copy.dispose();
      m.dispose();
    };
    for (let i = 0; i < 12; i++) await cycle(i);
    const before = pe.lab.memoryBytes();
    const live = pe.lab.liveModels();
    for (let i = 0; i < 60; i++) await cycle(i);
    expect(pe.lab.memoryBytes()).toBe(before);
    expect(pe.lab.liveModels()).toBe(live);
  });

  it('init({ lab: false }) leaves the lab out and says how to get it', async () => {
    const core = await loadPosenc({ lab: false });
    expect(() => core.lab.encodings).toThrow(/init\(\{ lab: false \}\)/);
    expect(core.sinusoidal({ positions: 2, dim: 2 }).data[2]).toBeCloseTo(Math.sin(1), 6);
  });
});
