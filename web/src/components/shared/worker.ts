/**
 * Starting one of the page's workers, and knowing whether it started.
 *
 * The workers (the lab's training, the Speed benchmark) are inlined into the page: Vite's
 * `?worker&inline`, built as classic scripts (worker.format 'iife' in web/vite*.config.ts) and
 * started from a blob: URL. Classic, because Chromium refuses a *module* worker from a blob: URL
 * made by a page opened from file:// ("Refused to cross-origin redirects of the top-level worker
 * script": the URL is blob:null/…): the worker dies before running a line and its error event has
 * no message. A page whose Content-Security-Policy has no `worker-src blob:` (or `script-src
 * blob:`) refuses every such worker too.
 *
 * Each worker posts { type: 'ready' } once its script has run. Until then a throw from the
 * constructor or an error event (with a policy violation for its blob: URL, or without) means the
 * worker cannot start here, and startWorker rejects with
 * a WorkerStartError: the caller then runs the work on the main thread, in slices, and says so.
 * A worker that neither starts nor fails within `timeoutMs` counts as not started (never a hang).
 */
import { l, type L10n } from './i18n.js';

export class WorkerStartError extends Error {
  constructor(
    /**
     * 'policy': the page's Content-Security-Policy blocked it (a securitypolicyviolation for a blob:
     * URL came with the failure); 'refused': the constructor threw; 'died': an error before the
     * script ran; 'silent': no answer.
     */
    readonly code: 'policy' | 'refused' | 'died' | 'silent',
    /** What the browser said, if anything. */
    readonly detail: string,
  ) {
    super(`the worker could not start (${code}${detail ? `: ${detail}` : ''})`);
    this.name = 'WorkerStartError';
  }
}

export function startWorker(create: () => Worker, timeoutMs = 60_000): Promise<Worker> {
  return new Promise((resolve, reject) => {
    // A policy's verdict arrives as a document event (Chromium then fires a bare error event).
    let blocked = '';
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI.startsWith('blob') || e.blockedURI.startsWith('data')) blocked = e.effectiveDirective;
    };
    const doc = typeof document === 'undefined' ? undefined : document;
    doc?.addEventListener('securitypolicyviolation', onViolation);
    const settle = () => doc?.removeEventListener('securitypolicyviolation', onViolation);
    let worker: Worker;
    try {
      worker = create();
    } catch (e) {
      settle();
      reject(new WorkerStartError(blocked ? 'policy' : 'refused', blocked || (e instanceof Error ? e.message : String(e))));
      return;
    }
    const fail = (code: WorkerStartError['code'], detail: string) => {
      settle();
      clearTimeout(timer);
      worker.onmessage = worker.onerror = null;
      worker.terminate();
      reject(blocked ? new WorkerStartError('policy', blocked) : new WorkerStartError(code, detail));
    };
    const timer = setTimeout(() => fail('silent', `no answer within ${timeoutMs / 1000} s`), timeoutMs);
    worker.onmessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type !== 'ready') return;
      settle();
      clearTimeout(timer);
      worker.onmessage = worker.onerror = null;
      resolve(worker);
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      // The violation event may come just after the error: one more turn before saying why.
      setTimeout(() => fail('died', e.message ?? ''), 0);
    };
  });
}

const WHY: Record<WorkerStartError['code'], L10n> = {
  policy: l('页面的内容安全策略（CSP）不允许 blob: Worker', "the page's Content-Security-Policy does not allow blob: workers"),
  refused: l('浏览器拒绝创建 Web Worker', 'the browser refused to create a Web Worker'),
  died: l('Web Worker 在运行前就停止了', 'the Web Worker stopped before it ran'),
  silent: l('Web Worker 没有应答', 'the Web Worker did not answer'),
};

/** Why no worker started, in the reader's language (with the browser's own words, if any). */
export function whyNoWorker(e: unknown): L10n {
  const err = e instanceof WorkerStartError ? e : new WorkerStartError('died', e instanceof Error ? e.message : String(e));
  // A policy's directive is always worker-src (or its fallback): the sentence says enough.
  const detail = err.detail && err.code !== 'policy' ? `: ${err.detail}` : '';
  return { zh: WHY[err.code].zh + detail, en: WHY[err.code].en + detail };
}
