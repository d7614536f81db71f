/**
 * Long work spread over frames: `start(step)` calls step() until it returns true, in slices of
 * about `budgetMs`, one slice per frame: the first right after the current task, each next one
 * right after the next frame has painted (requestAnimationFrame, then a MessageChannel task, not
 * setTimeout, which is clamped to 4 ms when nested). So a frame holds at most its own update and
 * one slice, and the page keeps painting while the work goes on. Starting again, or cancel(),
 * abandons the run in progress: a figure keeps its previous picture until a run finishes.
 */
export class FrameJob {
  private generation = 0;
  private channel?: MessageChannel;
  private pending?: () => void;

  get running(): boolean {
    return this.pending !== undefined;
  }

  start(step: () => boolean, o: { onSlice?: () => void; onDone?: () => void; budgetMs?: number } = {}): void {
    const g = ++this.generation;
    const budget = o.budgetMs ?? 6;
    const tick = () => {
      if (g !== this.generation) return;
      const t0 = performance.now();
      let done = false;
      while (!done && performance.now() - t0 < budget) done = step();
      if (done) {
        this.pending = undefined;
        o.onDone?.();
        return;
      }
      o.onSlice?.();
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => this.post(tick));
      else this.post(tick);
    };
    this.post(tick);
  }

  cancel(): void {
    this.generation++;
    this.pending = undefined;
  }

  private post(f: () => void) {
    this.pending = f;
    if (typeof MessageChannel === 'undefined') {
      setTimeout(f, 0);
      return;
    }
    if (!this.channel) {
      this.channel = new MessageChannel();
      this.channel.port1.onmessage = () => this.pending?.();
    }
    this.channel.port2.postMessage(0);
  }
}
