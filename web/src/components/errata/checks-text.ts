/**
 * Checks of what a document's text does as a document: spelling, formulas that do not typeset as
 * meant (KaTeX on the exact source, compared with the intended source), `$` that cannot pair,
 * sentences cut off, lead-ins followed by nothing. text-scan.ts reads the text (lines from 1); KaTeX,
 * the renderer the page itself uses, typesets the formulas.
 */
import { l, type L10n } from '../shared/i18n.js';
import { type CheckContext, type CheckFn, type CheckRow, num, row } from './check-kit.js';
import { displayMathScan, inlineMathScan, lineInfo, markdownHeadings, textFind } from './text-scan.js';

type Measure = 'subscripts' | 'superscripts' | 'rows' | 'linebreaks' | 'parses';

interface Item {
  kind: 'spelling' | 'tex' | 'sentence' | 'followed' | 'fields' | 'once' | 'contains';
  line?: number;
  wrong?: string;
  right?: string;
  source?: string;
  fixed?: string;
  measure?: Measure;
  expected?: number | boolean;
  needle?: string;
  needles?: string[];
  label?: string;
  context?: boolean;
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** What KaTeX makes of a formula: its MathML, or the parse error. */
function typeset(ctx: CheckContext, tex: string): { mathml: string; error: string } {
  try {
    return { mathml: ctx.katex.renderToString(tex, { displayMode: true, output: 'mathml', throwOnError: true, strict: false }), error: '' };
  } catch (e) {
    return { mathml: '', error: (e as Error).message.replace(/^KaTeX parse error: /, '').split(' at position')[0] };
  }
}

function measure(mathml: string, m: Measure): number {
  const count = (re: RegExp) => (mathml.match(re) ?? []).length;
  if (m === 'subscripts') return count(/<msub[ >]/g) + count(/<msubsup[ >]/g);
  if (m === 'superscripts') return count(/<msup[ >]/g) + count(/<msubsup[ >]/g);
  if (m === 'rows') return count(/<mtr[ >]/g);
  if (m === 'linebreaks') return count(/linebreak="newline"/g);
  return mathml ? 1 : 0;
}

const MEASURES: Record<Measure, L10n> = {
  subscripts: l('排出的下标', 'subscripts typeset'),
  superscripts: l('排出的上标', 'superscripts typeset'),
  rows: l('排出的行', 'rows typeset'),
  linebreaks: l('公式中的强制换行', 'forced line breaks in the formula'),
  parses: l('能否排成公式', 'typesets as math'),
};

function texItem(ctx: CheckContext, it: Item): CheckRow[] {
  const m = it.measure ?? 'parses';
  const line = it.line ?? 0;
  const source = it.source ?? '';
  const fixedSource = it.fixed ?? '';
  // The formula the document holds now: its source where the entry says (read by the core), or
  // the intended form if the document has since been corrected.
  const parts = source.split('\n');
  const holds = (s: string[]) => s.every((p, k) => Array.from(textFind(ctx.seed, p.trim())).includes(line + k));
  const found = holds(parts);
  const corrected = !found && holds(fixedSource.split('\n'));
  const doc = typeset(ctx, corrected ? fixedSource : source);
  const fixed = typeset(ctx, fixedSource);
  const it2 = { ...it, source: corrected ? fixedSource : source };
  const out: CheckRow[] = [];
  if (m === 'parses') {
    out.push(
      row(
        l(`第 ${it.line} 行 ${code(it2.source)}：${MEASURES[m].zh}`, `Line ${it.line}, ${code(it2.source)}: ${MEASURES[m].en}`),
        l('能', 'yes'),
        doc.error ? l(`不能：KaTeX 报错 ${code(doc.error)}`, `no: KaTeX reports ${code(doc.error)}`) : l('能', 'yes'),
        doc.error === '',
      ),
    );
    out.push(
      row(
        l(`改写为 ${code(it.fixed ?? '')}`, `Written ${code(it.fixed ?? '')}`),
        l('能', 'yes'),
        fixed.error ? code(fixed.error) : l('能', 'yes'),
        fixed.error === '',
        true,
      ),
    );
  } else {
    const want = measure(fixed.mathml, m);
    const got = doc.error ? -1 : measure(doc.mathml, m);
    out.push(
      row(
        l(`第 ${it.line} 行：${MEASURES[m].zh}`, `Line ${it.line}: ${MEASURES[m].en}`),
        l(`${want}（按原意 ${code(it.fixed ?? '')}）`, `${want} (as meant, ${code(it.fixed ?? '')})`),
        doc.error
          ? l(`KaTeX 报错 ${code(doc.error)}`, `KaTeX reports ${code(doc.error)}`)
          : l(`${got}（按原文 ${code(it2.source)}）`, `${got} (as written, ${code(it2.source)})`),
        got === want,
      ),
    );
  }
  out.push(
    row(
      l(`原文在第 ${it.line} 行`, `The source is on line ${it.line}`),
      l('是', 'yes'),
      found ? l('是', 'yes') : corrected ? l('已改正', 'corrected') : l('找不到', 'not found'),
      found || corrected,
      true,
    ),
  );
  return out;
}

function item(ctx: CheckContext, it: Item): CheckRow[] {
  const line = it.line ?? 0;
  switch (it.kind) {
    case 'spelling': {
      const right = textFind(ctx.seed, it.right ?? '');
      const wrong = textFind(ctx.seed, it.wrong ?? '');
      return [
        row(
          l(`第 ${line} 行的写法`, `What line ${line} writes`),
          code(it.wrong ?? ''),
          l(`应为 ${code(it.right ?? '')}`, `should be ${code(it.right ?? '')}`),
          right.includes(line),
        ),
        row(
          l(`${code(it.wrong ?? '')} 出现在第 ${line} 行`, `${code(it.wrong ?? '')} is on line ${line}`),
          l('是', 'yes'),
          wrong.includes(line) ? l('是', 'yes') : l('否', 'no'),
          wrong.includes(line),
          true,
        ),
      ];
    }
    case 'tex':
      return texItem(ctx, it);
    case 'sentence': {
      const info = lineInfo(ctx.seed, line);
      const tail = [...info.text.trim()].slice(-8).join('');
      return [
        row(
          l(`第 ${line} 行`, `Line ${line}`),
          l('完整的句子', 'a complete sentence'),
          l(`止于"…${tail}"`, `stops at "…${tail}"`),
          info.endsSentence,
        ),
      ];
    }
    case 'followed': {
      const info = lineInfo(ctx.seed, line);
      const next = info.nextNonEmpty;
      const heading = next > 0 && Array.from(markdownHeadings(ctx.seed).lines).includes(next);
      const said =
        next === 0
          ? l('后面什么也没有（文档结束）', 'nothing follows (end of the document)')
          : heading
            ? l(`下一行非空的是第 ${next} 行，另一个标题`, `the next non-empty line, ${next}, is another heading`)
            : info.nextEndsWithColon
              ? l(`下一行非空的是第 ${next} 行，又一个引出语`, `the next non-empty line, ${next}, is another lead-in`)
              : l(`第 ${next} 行接着正文`, `line ${next} continues`);
      return [
        row(
          l(`第 ${line} 行之后`, `After line ${line}`),
          l('它引出的内容', 'what it announces'),
          said,
          next > 0 && !heading && !info.nextEndsWithColon,
        ),
      ];
    }
    case 'fields': {
      const info = lineInfo(ctx.seed, line);
      return [
        row(
          l(`表格第 ${line} 行的格数`, `Cells on table line ${line}`),
          String(it.expected),
          String(info.fields),
          info.fields === it.expected,
        ),
      ];
    }
    case 'once': {
      const lines = Array.from(textFind(ctx.seed, it.needle ?? ''));
      return [
        row(
          l('同一段话出现的次数', 'Times the same paragraph appears'),
          '1',
          l(`${lines.length}（第 ${lines.join('、')} 行）`, `${lines.length} (lines ${lines.join(', ')})`),
          lines.length === 1,
        ),
      ];
    }
    case 'contains': {
      const present = (it.needles ?? []).every((n) => textFind(ctx.seed, n).includes(line));
      const labels: Record<string, [L10n, L10n, L10n, L10n]> = {
        query: [
          l('公式在查询一侧加 $R$', 'The formula adds $R$ on the query side'),
          l('是（"引入键和查询"）', 'yes ("into the key and the query")'),
          l('是', 'yes'),
          l('否：只有 $X_jW_k+R_{i-j}$', 'no: only $X_jW_k+R_{i-j}$'),
        ],
        key: [l('公式在键一侧加 $R$', 'The formula adds $R$ on the key side'), l('是', 'yes'), l('是', 'yes'), l('否', 'no')],
        twoRoles: [
          l('$x_m$ 在同一公式里既是词向量又是横坐标', 'In one formula $x_m$ is both the token vector and the coordinate'),
          l('否（一个符号一个含义）', 'no (one symbol, one meaning)'),
          l('是：$W^qx_m$ 与 $x_m\\theta_x$', 'yes: $W^qx_m$ and $x_m\\theta_x$'),
          l('否', 'no'),
        ],
      };
      const [label, doc, yes, no] = labels[it.label ?? 'key'];
      return [row(label, doc, present ? yes : no, present === it.expected, it.context === true)];
    }
  }
}

export const TEXT: Record<string, CheckFn> = {
  text(ctx, a) {
    return (a.items as Item[]).flatMap((it) => item(ctx, it));
  },

  displayMath(ctx) {
    const d = displayMathScan(ctx.seed);
    const empty = d.empty.filter(Boolean).length;
    const emptyLines = Array.from(d.openLine).filter((_, k) => d.empty[k]);
    return [
      row(
        l('`$$` 的个数', 'Number of `$$`'),
        l('偶数（每个公式一开一合）', 'even (each display opens and closes)'),
        String(d.count),
        d.count % 2 === 0,
      ),
      row(
        l('按顺序配对后的空公式', 'Empty displays when paired in order'),
        '0',
        l(`${empty}（第 ${emptyLines.join('、')} 行）`, `${empty} (lines ${emptyLines.join(', ')})`),
        empty === 0,
      ),
      row(
        l('没有闭合的公式', 'A display left open'),
        l('没有', 'none'),
        d.unclosedLine
          ? l(`第 ${d.unclosedLine} 行起，吞掉其后全部内容`, `from line ${d.unclosedLine}, swallowing the rest`)
          : l('没有', 'none'),
        d.unclosedLine === 0,
      ),
    ];
  },

  inlineSpace(ctx, _a, e) {
    const lines = Array.from(inlineMathScan(ctx.seed));
    const quoted = e.quote.map((q) => q.line);
    return [
      row(
        l('开头的 `$` 后紧跟空白、不会被当成公式的行', 'Lines where an opening `$` is followed by a space, so no math'),
        l('没有（这些格子是公式）', 'none (these cells are formulas)'),
        lines.length ? l(`第 ${lines.join('、')} 行`, `lines ${lines.join(', ')}`) : l('没有', 'none'),
        lines.length === 0,
      ),
      row(
        l('引用的两行在其中', 'The quoted lines are among them'),
        l('是', 'yes'),
        quoted.every((q) => lines.includes(q)) ? l('是', 'yes') : l('否', 'no'),
        quoted.every((q) => lines.includes(q)),
        true,
      ),
    ];
  },

  codeFences(ctx, a) {
    const line = num(a, 'line');
    const h = markdownHeadings(ctx.seed);
    const isHeading = Array.from(h.lines).includes(line);
    return [
      row(
        l(`第 ${line} 行的代码注释`, `The code comment on line ${line}`),
        l('代码', 'code'),
        isHeading ? l('被读成一级标题', 'read as a level-1 heading') : l('代码', 'code'),
        !isHeading,
      ),
      row(l('代码围栏的行数', 'Code-fence lines'), l('每段代码两行', 'two per listing'), String(h.fences), h.fences > 0),
    ];
  },
};
