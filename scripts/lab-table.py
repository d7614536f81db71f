#!/usr/bin/env python3
"""Reads the RESULT lines of bench/lab_train.cpp (stdin or files) and prints markdown tables:
sequence accuracy (token accuracy in parentheses) per task × encoding at each test length, mean
over seeds, plus the smallest in-distribution sequence accuracy over the seeds."""
import re
import sys
from collections import defaultdict

rows = defaultdict(list)  # (task, enc) -> list of (seed, {length: (tok, seq) | None}, train_s)
lengths_of = defaultdict(list)
for line in (l for f in (sys.argv[1:] or ['-']) for l in (sys.stdin if f == '-' else open(f))):
    m = re.search(r'RESULT task=(\S+) enc=(\S+) seed=(\d+) .*?\| (.*)$', line)
    if not m:
        continue
    task, enc, seed, rest = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    acc = {}
    for L, val in re.findall(r'L(\d+): (\S+)', rest):
        acc[int(L)] = None if val == 'beyond' else tuple(map(float, val.split('/')))
    if any(s == seed for s, _ in rows[(task, enc)]):
        continue
    rows[(task, enc)].append((seed, acc))
    for L in acc:
        if L not in lengths_of[task]:
            lengths_of[task].append(L)

order = ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope', 'rope+pi', 'rope+ntk', 'rope+yarn',
         'rope-half', 'rope-half+pi', 'rope-half+ntk', 'rope-half+yarn']
for task in dict.fromkeys(t for t, _ in rows):
    Ls = sorted(lengths_of[task])
    print(f'\n#### {task}\n')
    print('| encoding | seeds | ' + ' | '.join(f'L = {L}' for L in Ls) + ' | min over seeds at L = %d |' % Ls[0])
    print('| --- | --- | ' + ' | '.join('---:' for _ in Ls) + ' | ---: |')
    encs = sorted({e for t, e in rows if t == task}, key=lambda e: order.index(e) if e in order else 99)
    for enc in encs:
        runs = rows[(task, enc)]
        cells = []
        for L in Ls:
            vals = [a[L] for _, a in runs if L in a]
            if any(v is None for v in vals):
                cells.append('beyond table')
            else:
                seq = sum(v[1] for v in vals) / len(vals)
                tok = sum(v[0] for v in vals) / len(vals)
                cells.append(f'{seq:.3f} ({tok:.3f})')
        first = [a[Ls[0]][1] for _, a in runs if a.get(Ls[0])]
        seeds = ','.join(str(s) for s, _ in sorted(runs))
        print(f'| {enc} | {seeds} | ' + ' | '.join(cells) + f' | {min(first):.3f} |')
