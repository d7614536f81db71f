// The training lab's reference run: the default experiment of docs/LAB.md (every default setting)
// on every task, each encoding, seeds 1–3, evaluated at 0.5× … 4× the training length, RoPE also
// stretched at evaluation (PI, NTK, YaRN), and the encodings Ruoss et al. tested also trained with
// randomized positions (P = 4·L_train, so every test length fits). Trained through the npm package
// (pe.lab, the wasm SIMD build under Node: bit for bit what a reader's browser computes for the same
// seed).
//
//   bash scripts/lab-reference.sh            (builds the package, then runs this)
//   node scripts/lab-reference-run.mjs [tasks=recall,offset] [seeds=1,2,3] [encodings=rope,cope] [out=web/data/lab-reference.json]
//   node scripts/lab-reference-run.mjs examples=only     (only the examples file: six models)
//
// Writes web/data/lab-reference.json (settings and accuracies: what the Errata chapter and the lab
// chapter read) and web/data/lab-reference-examples.json (for the default task and seed 1: each model's
// loss curve, attention maps and answers on one test input at 1× and 2× the training length, and
// the learned position table), and prints the tables of docs/LAB.md.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { init } from '../dist/lib/node.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const pe = await init();
const lab = pe.lab;
const TASKS = args.tasks ? args.tasks.split(',') : [...lab.tasks];
const SEEDS = (args.seeds ?? '1,2,3').split(',').map(Number);
const ENCODINGS = args.encodings ? args.encodings.split(',') : [...lab.encodings];
const STRETCHES = ['pi', 'ntk', 'yarn'];
const L = lab.defaults.trainLength;
// Ruoss et al. 2023 randomize sin/cos, learned, relative (here T5), RoPE and ALiBi: the same five here.
const RANDOMIZED = ['sinusoidal', 'learned', 't5', 'alibi', 'rope'].filter((e) => ENCODINGS.includes(e));
const P = 4 * L;
const MULTIPLES = [0.5, 1, 1.25, 1.5, 2, 3, 4];
const LENGTHS = MULTIPLES.map((m) => Math.round(m * L));
const SEQUENCES = 512;
const EXAMPLE_LENGTHS = [L, 2 * L];
const round = (v, d = 6) => (v === null ? null : Number(v.toFixed(d)));

const t0 = performance.now();
const cells = new Map(); // `${task}|${encoding}|${stretch}` → rows per seed
const examples = { task: TASKS[0], seed: SEEDS[0], lengths: EXAMPLE_LENGTHS, inputs: {}, models: {} };
for (const n of EXAMPLE_LENGTHS) {
  const s = lab.sample({ task: TASKS[0], length: n });
  examples.inputs[n] = {
    tokens: Array.from(s.tokens),
    targets: Array.from(s.targets),
    names: Array.from(s.tokens, (t) => lab.tokenNames[t]),
  };
}
let trained = 0,
  trainSeconds = 0;
const EXAMPLES_ONLY = args.examples === 'only';
// For the chapter "Since 2023": what the bias encodings learned (the default task, seed 1: the last of
// 4·L_train queries against every key) and CoPE's counted positions on one flip-flop sequence.
const since = { biasLength: 4 * L, biasCurves: {}, counted: null };
const COUNT_TASK = 'flipflop';
const variants = [
  ...ENCODINGS.map((encoding) => ({ encoding, random: false })),
  ...RANDOMIZED.map((encoding) => ({ encoding, random: true })),
];
for (const task of EXAMPLES_ONLY ? [TASKS[0]] : TASKS) {
  for (const { encoding, random } of variants) {
    if (EXAMPLES_ONLY && random) continue;
    for (const seed of EXAMPLES_ONLY ? [SEEDS[0]] : SEEDS) {
      const losses = [];
      const t1 = performance.now();
      const options = { task, encoding, seed, ...(random ? { randomPositions: P } : {}) };
      const model = await lab.train(options, { onProgress: (p) => losses.push(...p.losses) });
      trainSeconds += (performance.now() - t1) / 1000;
      trained++;
      const put = (stretch, rows) => {
        const key = `${task}|${encoding}|${random ? 'random' : stretch}`;
        if (!cells.has(key)) cells.set(key, []);
        cells.get(key).push(rows);
      };
      put('none', model.evaluate({ lengths: LENGTHS, sequences: SEQUENCES }));
      if (random) {
        model.dispose();
        process.stderr.write(
          `\r${trained} models, ${((performance.now() - t0) / 1000).toFixed(0)} s (${task} ${encoding}+random seed ${seed})   `,
        );
        continue;
      }
      if (encoding === 'rope') for (const st of STRETCHES) put(st, model.evaluate({ lengths: LENGTHS, sequences: SEQUENCES, stretch: st }));
      if (task === TASKS[0] && seed === SEEDS[0] && ['t5', 'alibi', 'kerple', 'fire'].includes(encoding)) {
        const c = model.biasCurves({ length: since.biasLength });
        since.biasCurves[encoding] = { layers: c.layers, heads: c.heads, data: Array.from(c.data, (v) => round(v, 5)) };
      }
      if (task === COUNT_TASK && seed === SEEDS[0] && encoding === 'cope') {
        const s = lab.sample({ task, length: 2 * L });
        const c = model.countedPositions(s.tokens);
        since.counted = {
          task,
          tokens: Array.from(s.tokens),
          targets: Array.from(s.targets),
          predictions: Array.from(model.predict(s.tokens)),
          layers: c.layers,
          heads: c.heads,
          data: Array.from(c.data, (v) => round(v, 4)),
        };
      }
      if (task === examples.task && seed === examples.seed) {
        const ex = {
          loss: losses.filter((_, i) => i % 10 === 0 || i === losses.length - 1).map((v) => round(v, 5)),
          lossEvery: 10,
          attention: {},
          predictions: {},
        };
        for (const n of EXAMPLE_LENGTHS) {
          const tokens = Int32Array.from(examples.inputs[n].tokens);
          try {
            ex.attention[n] = Array.from(model.attention(tokens).data, (v) => round(v, 4));
            ex.predictions[n] = Array.from(model.predict(tokens));
          } catch (e) {
            ex.attention[n] = null; // learned, past n_max: no row
            ex.predictions[n] = null;
            ex.refusal = e.message;
          }
        }
        const table = model.positionTable();
        if (table) {
          // the table, its start (the same seed, no step) and the sinusoids of the same size, each
          // with its profile (row similarity by distance, wave share per column), all from the core
          const init = await lab.train({ task, encoding, seed, steps: 0 });
          const sinusoids = lab.sinusoids({ rows: table.rows, dModel: table.cols });
          const entry = (m) => {
            const p = lab.tableProfile(m);
            return {
              rows: m.rows,
              cols: m.cols,
              data: Array.from(m.data, (v) => round(v, 5)),
              profile: {
                byDistance: Array.from(p.byDistance, (v) => round(v)),
                waveShare: Array.from(p.waveShare, (v) => round(v)),
                dominant: Array.from(p.dominant),
                meanWaveShare: round(p.meanWaveShare),
              },
            };
          };
          ex.table = entry(table);
          ex.initialTable = entry(init.positionTable());
          examples.sinusoids = entry(sinusoids);
          init.dispose();
        }
        examples.models[encoding] = ex;
      }
      model.dispose();
      process.stderr.write(`\r${trained} models, ${((performance.now() - t0) / 1000).toFixed(0)} s (${task} ${encoding} seed ${seed})   `);
    }
  }
}
process.stderr.write('\n');
const out = args.out ?? resolve(repo, 'web/data/lab-reference.json');
examples.since2023 = since;
writeFileSync(out.replace(/\.json$/, '-examples.json'), JSON.stringify(examples) + '\n');
if (EXAMPLES_ONLY) process.exit(0);

function summarise(task, encoding, stretch) {
  const perSeed = cells.get(`${task}|${encoding}|${stretch}`);
  if (!perSeed) return undefined;
  const col = (i, f) => perSeed.map((rows) => rows[i][f]);
  const beyond = LENGTHS.map((_, i) => perSeed[0][i].beyondTable);
  const seq = LENGTHS.map((_, i) => (beyond[i] ? null : col(i, 'sequenceAccuracy')));
  const tok = LENGTHS.map((_, i) => (beyond[i] ? null : col(i, 'tokenAccuracy')));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    task,
    encoding,
    ...(stretch === 'none' || stretch === 'random' ? {} : { stretch }),
    ...(stretch === 'random' ? { randomPositions: P } : {}),
    trainLength: L,
    lengths: LENGTHS,
    // sequence accuracy, mean over seeds; 0 where beyondTable (the model cannot run: no answer is right)
    accuracy: seq.map((v) => (v ? round(mean(v)) : 0)),
    tokenAccuracy: tok.map((v) => (v ? round(mean(v)) : 0)),
    // spread: highest minus lowest seed (the Errata's "spread across seeds"); lowest: the worst seed
    spread: seq.map((v) => (v ? round(Math.max(...v) - Math.min(...v)) : 0)),
    lowest: seq.map((v) => (v ? round(Math.min(...v)) : 0)),
    bySeed: SEEDS.map((_, s) => seq.map((v) => (v ? v[s] : null))),
    beyondTable: beyond,
  };
}

const runs = [],
  stretched = [],
  randomized = [];
for (const task of TASKS) {
  for (const encoding of ENCODINGS) runs.push(summarise(task, encoding, 'none'));
  if (ENCODINGS.includes('rope')) for (const st of STRETCHES) stretched.push(summarise(task, 'rope', st));
  for (const encoding of RANDOMIZED) randomized.push(summarise(task, encoding, 'random'));
}
const settings = {
  tasks: TASKS,
  encodings: ENCODINGS,
  seeds: SEEDS,
  steps: lab.defaults.steps,
  trainLength: L,
  lengths: LENGTHS,
  multiples: MULTIPLES,
  sequences: SEQUENCES,
  evalSeed: 1234567,
  stretches: STRETCHES,
  randomized: { encodings: RANDOMIZED, randomPositions: P },
  options: lab.defaults,
  build: { backend: pe.backend, module: 'posenc-lab (em++ 3.1.6 -O3 -msimd128)', node: process.version },
  date: new Date().toISOString().slice(0, 10),
  wallSeconds: Math.round((performance.now() - t0) / 1000),
  trainSecondsPerModel: Number((trainSeconds / trained).toFixed(2)),
};
const about =
  'The training lab\'s reference run (docs/LAB.md, "Reference run"): scripts/lab-reference-run.mjs. accuracy: sequence accuracy, mean over the seeds; ' +
  'tokenAccuracy: the same for single answers; spread: best minus worst seed; lowest: the worst seed; bySeed: every seed; beyondTable: the learned table ' +
  'has no row at that length (the model cannot run; its accuracies are written as 0). stretched: the RoPE models of runs, evaluated with PI, NTK or YaRN. ' +
  'randomized: the same encodings trained and evaluated with randomized positions (randomPositions = P).';
writeFileSync(out, JSON.stringify({ about, settings, runs, stretched, randomized }, null, 1) + '\n');

// The tables of docs/LAB.md
const f = (v) => v.toFixed(3);
for (const task of TASKS) {
  console.log(`\n#### ${task}\n`);
  // sequence accuracy, mean of the seeds (lowest–highest seed)
  console.log(`| encoding | ${LENGTHS.map((n, i) => `L = ${n} (${MULTIPLES[i]}×)`).join(' | ')} | worst seed at L = ${L} |`);
  console.log(`| --- | ${LENGTHS.map(() => '---:').join(' | ')} | ---: |`);
  for (const r of [...runs, ...stretched, ...randomized].filter((x) => x.task === task)) {
    const cellsText = r.lengths.map((_, i) =>
      r.beyondTable[i] ? 'beyond table' : `${f(r.accuracy[i])} (${f(r.lowest[i])}–${f(r.lowest[i] + r.spread[i])})`,
    );
    const name = `${r.encoding}${r.stretch ? '+' + r.stretch : ''}${r.randomPositions ? ' (random positions)' : ''}`;
    console.log(`| ${name} | ${cellsText.join(' | ')} | ${f(r.lowest[LENGTHS.indexOf(L)])} |`);
  }
}
console.log(`\n${trained} models in ${settings.wallSeconds} s (training ${settings.trainSecondsPerModel} s per model)`);
