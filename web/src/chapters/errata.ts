/** Errata: where the documents and the computation disagree, side by side (data: errata-audit.ts). */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { AUDIT } from './errata-audit.js';
import './errata-list.js';
import { l } from './shared.js';

const DOCS = ['000', '001', '002', '003', '004'];

const body: ChapterBody = {
  params: [
    {
      id: 'doc',
      label: l('讲义', 'document'),
      choices: [{ value: 'all', label: l('全部', 'all') }, ...DOCS.map((d) => ({ value: d, label: l(d, d) }))],
      default: 'all',
    },
    {
      id: 'show',
      label: l('显示', 'show'),
      choices: [
        { value: 'errata', label: l('只看勘误', 'errata only') },
        { value: 'all', label: l('勘误与已核对的条目', 'errata and confirmed entries') },
      ],
      default: 'errata',
    },
    { id: 'entry', label: l('条目', 'entry'), choices: [{ value: '', label: l('—', '—') }, ...AUDIT.map((e) => ({ value: e.id, label: l(e.id, e.id) }))], default: '' },
  ],
  sections: [
    {
      id: 'summary',
      title: l('核对了什么', 'What was checked'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '每个条目给出讲义的原话（英文界面为译文）、核心的计算结果，以及在讲义自己的参数下重算的表格（"✗"表示讲义与计算不一致）。同一份清单也是 `npm test` 的一部分：核心若出错，让某条勘误"看起来对"或让已核对的算例"看起来错"，测试就会失败。',
            "Each entry gives the document's words (translated on the English screen), what the core computes, and a table recomputed at the document's own parameters (\"✗\" marks where the document and the computation disagree). The same list is part of `npm test`: a core error that made an erratum look right, or a confirmed example look wrong, fails the tests.",
          ),
        },
        {
          kind: 'view',
          deps: [],
          render: ({ t }) => {
            const rows = DOCS.map((d) => {
              const e = AUDIT.filter((x) => x.doc === d);
              return { head: d, cells: [String(e.length), String(e.filter((x) => x.verdict === 'confirmed').length), String(e.filter((x) => x.verdict === 'erratum').length)] };
            });
            const names = { 'wrong-number': l('数字错误', 'wrong number'), 'wrong-claim': l('说法错误', 'wrong claim'), misleading: l('容易误导', 'misleading'), typo: l('笔误', 'typo') };
            const bySeverity = (Object.keys(names) as (keyof typeof names)[]).map((k) => `${t(names[k])}: ${AUDIT.filter((x) => x.severity === k).length}`).join(' · ');
            return html`<posenc-table
                id="audit-summary"
                .data=${{ caption: t(l('按讲义统计', 'By document')), columns: [t(l('讲义', 'document')), t(l('条目', 'entries')), t(l('已核对', 'confirmed')), t(l('勘误', 'errata'))], rows }}
              ></posenc-table>
              <p>${bySeverity}</p>`;
          },
        },
      ],
    },
    {
      id: 'entries',
      title: l('条目', 'Entries'),
      blocks: [
        { kind: 'controls', params: ['doc', 'show'] },
        {
          kind: 'view',
          deps: ['doc', 'show', 'entry'],
          render: ({ lang, s }) => html`<posenc-errata-list lang=${lang} doc=${s('doc')} show=${s('show')} entry=${s('entry')}></posenc-errata-list>`,
        },
      ],
    },
  ],
};

export default body;
