/**
 * A static file server for the tests: dist/ and tests/e2e/fixtures/ on 127.0.0.1. A path under
 * /csp/ is served with the strict Content-Security-Policy of the embedding issue.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

const repo = resolve(__dirname, '../..');
const roots: Record<string, string> = {
  '/dist/': join(repo, 'dist'),
  '/fixtures/': join(__dirname, 'fixtures'),
};

/** extraRoots: more URL prefixes to folders (e.g. a temporary consumer app's dist). */
export function serve(port = 0, extraRoots: Record<string, string> = {}): Promise<{ server: Server; origin: string }> {
  const all = { ...roots, ...extraRoots };
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const csp = path.startsWith('/csp/');
    if (csp) path = path.slice(4);
    const prefix = Object.keys(all).find((p) => path.startsWith(p));
    if (!prefix) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(all[prefix], path.slice(prefix.length)));
    if (!file.startsWith(all[prefix])) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    };
    if (csp) headers['content-security-policy'] = STRICT_CSP;
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) =>
    server.listen(port, '127.0.0.1', () => {
      const a = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : port}` });
    }),
  );
}
