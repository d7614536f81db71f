import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    consumerDir: string;
  }
}

const repo = resolve(__dirname, '../..');

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-consumer-'));
  const quiet = { cwd: dir, stdio: 'pipe' as const };
  execFileSync('npm', ['pack', repo, '--pack-destination', dir, '--silent'], quiet);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball');
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', join(dir, tarball), '--no-audit', '--no-fund', '--silent'], { ...quiet, cwd: app });
  // Resolved by Node from the consumer's node_modules, through the package's "exports".
  writeFileSync(join(app, 'entry.mjs'), "export * from 'posenc';\n");
  project.provide('consumerDir', app);
  return () => rmSync(dir, { recursive: true, force: true });
}
