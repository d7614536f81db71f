/** `npx vite-node bench/frames-cli.ts [chapter]`: the frame-time benchmark alone (npm run bench runs it too). */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { frameTimes, framesTable } from './frames.js';

const rows = await frameTimes(process.argv[2] ?? '');
writeFileSync(join(resolve(__dirname, '..'), 'bench/frames.json'), JSON.stringify(rows, null, 2));
console.log(framesTable(rows));
