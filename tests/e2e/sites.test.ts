// Course sites built by real site generators, as a teacher would set them up (README.md, "Course
// sites"): VitePress (Vue, server-rendered at build time, `import 'posenc/elements'` in its theme),
// Astro (server-rendered pages; the import in the page's frontmatter runs on the server, its <script>
// in the browser) and MkDocs (Debian's python3 package: a static page with one script tag). Each
// uses the packed tarball; each site is built, then Chromium shows the elements' live numbers.
// The generators are devDependencies (VitePress, Astro) or a Debian package (scripts/setup.sh): nothing
// is fetched from the network at test time.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch, open, tableText } from './browser.js';
import { serve } from './server.js';

const repo = resolve(__dirname, '../..');
// Inside the repository (build/ is ignored): the generators resolve from its node_modules, 'posenc'
// from the tarball installed in work/node_modules.
const work = join(repo, 'build/e2e-sites');
const num = (s: string) => Number(s.replace(/\u2212/g, '-'));
let browser: Browser;

function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function run(cwd: string, command: string, args: string[]) {
  try {
    return execFileSync(command, args, {
      cwd,
      stdio: 'pipe',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    }).toString();
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed:\n${err.stdout?.toString() ?? ''}${err.stderr?.toString() ?? ''}`);
  }
}

/** The elements show the core's numbers and follow an attribute change. */
async function checkLive(page: Page) {
  await page.locator('#table tr').first().waitFor({ timeout: 30_000 });
  const rows = await tableText(page, '#table');
  expect(rows[0].slice(0, 3)).toEqual(['pos', 'sin0', 'cos0']);
  expect(num(rows[2][1])).toBeCloseTo(Math.sin(1), 4);
  expect(num(rows[2][3])).toBeCloseTo(Math.sin(0.1), 4);
  await page.locator('#table').evaluate((el) => el.setAttribute('positions', '5'));
  await expect.poll(async () => (await tableText(page, '#table')).length).toBe(6);
  // R(2·θ0)(1, 0.5) with θ0 = 1, as the seeds' rotation example
  const x = Math.cos(2) - 0.5 * Math.sin(2),
    y = Math.sin(2) + 0.5 * Math.cos(2);
  await expect
    .poll(async () => (await page.locator('#rope .coords').textContent())?.replace(/\u2212/g, '-'))
    .toContain(`(${x.toFixed(3)}, ${y.toFixed(3)})`);
}

const ELEMENTS = `<posenc-sinusoidal-table id="table" d-model="8" positions="3" lang="en"></posenc-sinusoidal-table>
<posenc-rope-rotation id="rope" dim="8" position="2" vector="1, 0.5" lang="en"></posenc-rope-rotation>`;

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('npm', ['pack', repo, '--pack-destination', work, '--silent'], { cwd: work, stdio: 'pipe' });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'course-sites', private: true, type: 'module' }));
  execFileSync('npm', ['install', join(work, tarball), '--no-audit', '--no-fund', '--silent'], { cwd: work, stdio: 'pipe' });
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('course sites built by real site generators', () => {
  it("VitePress: import 'posenc/elements' in the theme; the build server-renders the page, Chromium shows live numbers", async () => {
    const site = join(work, 'vitepress');
    write(site, {
      // README.md, "Course sites": the lines VitePress needs.
      'docs/.vitepress/config.mjs': `export default {
  title: 'RoPE course',
  base: '/vitepress/',
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('posenc-') } } },
};
`,
      'docs/.vitepress/theme/index.js': `import DefaultTheme from 'vitepress/theme';
import 'posenc/elements';

export default DefaultTheme;
`,
      'docs/index.md': `# Rotary position encoding\n\nThe table below is computed in your browser.\n\n${ELEMENTS}\n`,
    });
    run(site, process.execPath, [join(repo, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs']);
    const dist = join(site, 'docs/.vitepress/dist');
    // server-rendered: the tags are in the HTML before any script runs
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<posenc-sinusoidal-table id="table"');
    const { server, origin } = await serve(0, { '/vitepress/': dist });
    try {
      const { page, errors } = await open(browser, `${origin}/vitepress/`);
      await checkLive(page);
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("Astro: 'posenc/elements' imported in the frontmatter (server) and in a <script> (browser); Chromium shows live numbers", async () => {
    const site = join(work, 'astro');
    write(site, {
      'astro.config.mjs': `import { defineConfig } from 'astro/config';\nexport default defineConfig({ base: '/astro' });\n`,
      'src/pages/index.astro': `---
// Runs on the server at build time: registers nothing and throws nothing there.
import 'posenc/elements';
---
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>RoPE course</title></head>
  <body>
    <h1>Rotary position encoding</h1>
    ${ELEMENTS}
    <script>
      import 'posenc/elements';
    </script>
  </body>
</html>
`,
    });
    run(site, process.execPath, [join(repo, 'node_modules/astro/astro.js'), 'build', '--silent']);
    const dist = join(site, 'dist');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<posenc-sinusoidal-table id="table"');
    const { server, origin } = await serve(0, { '/astro/': dist });
    try {
      const { page, errors } = await open(browser, `${origin}/astro/`);
      await checkLive(page);
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('MkDocs (Debian): a static page with one script tag and the elements bundle beside it', async () => {
    const site = join(work, 'mkdocs');
    write(site, {
      'mkdocs.yml': 'site_name: RoPE course\ntheme:\n  name: mkdocs\n  highlightjs: false\n',
      'docs/index.md': `# Rotary position encoding\n\n<script type="module" src="js/posenc-elements.js"></script>\n\n${ELEMENTS}\n`,
    });
    // The bundle and its chunks, copied from the installed package (node_modules/posenc/dist/elements).
    cpSync(join(work, 'node_modules/posenc/dist/elements'), join(site, 'docs/js'), { recursive: true });
    run(site, 'mkdocs', ['build', '--quiet', '--site-dir', 'site']);
    const { server, origin } = await serve(0, { '/mkdocs/': join(site, 'site') });
    try {
      const { page, errors } = await open(browser, `${origin}/mkdocs/`);
      await checkLive(page);
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      server.close();
    }
  });
});
