/**
 * Long work spread over frames: `start(step)` calls step() until it returns true, a slice per frame.
 * Every job on the page shares one budget per frame (the scheduler below): three figures of one
 * chapter recomputing at once used to take a 5 ms slice each in the same frame, which with the
 * update and the paint overran it (BENCHMARKS.md, frame times). Slices run after the frame has
 * painted (requestAnimationFrame, then a MessageChannel task, not setTimeout, which is clamped to
 * 4 ms when nested) and end SLICES_END_MS after that frame's callbacks began, so the next frame
 * still starts on time. Starting again, or cancel(), abandons the run in progress: a figure keeps
 * its previous picture until a run finishes.
 */
export class FrameJob {
  start(step: () => boolean, o: { onSlice?: () => void; onDone?: () => void } = {}): void {
    scheduler.add({ job: this, step, onSlice: o.onSlice, onDone: o.onDone, lastMs: 0 });
  }

  cancel(): void {
    scheduler.remove(this);
  }

  get running(): boolean {
    return scheduler.has(this);
  }
}

/** Slices end this long after the frame's callbacks began: paint is done by then, and ~6 ms stay free. */
const SLICES_END_MS = 10;

interface Run {
  job: FrameJob;
  step: () => boolean;
  onSlice?: () => void;
  onDone?: () => void;
  /** How long its last step took: a step that would not fit before the deadline waits a frame. */
  lastMs: number;
}

class FrameScheduler {
  /** Waiting runs, the one that waited longest first. */
  private runs: Run[] = [];
  private armed = false;
  private frameAt = 0;
  /** No step fitted in the last tick: this one runs one step whatever the time, so work always moves on. */
  private starved = false;
  private channel?: MessageChannel;

  add(run: Run) {
    this.remove(run.job);
    this.runs.push(run);
    this.arm();
  }

  remove(job: FrameJob) {
    this.runs = this.runs.filter((r) => r.job !== job);
  }

  has(job: FrameJob): boolean {
    return this.runs.some((r) => r.job === job);
  }

  private arm() {
    if (this.armed) return;
    this.armed = true;
    if (typeof requestAnimationFrame !== 'function') {
      this.frameAt = performance.now();
      this.post();
      return;
    }
    requestAnimationFrame(() => {
      // When the callbacks run, not the timestamp argument (the frame's scheduled start, backdated when late).
      this.frameAt = performance.now();
      this.post();
    });
  }

  private post() {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(() => this.tick(), 0);
      return;
    }
    if (!this.channel) {
      this.channel = new MessageChannel();
      this.channel.port1.onmessage = () => this.tick();
    }
    this.channel.port2.postMessage(0);
  }

  /** Round robin, one step of each waiting run per turn, while steps fit before the deadline. */
  private tick() {
    this.armed = false;
    const deadline = this.frameAt + SLICES_END_MS;
    const turn = this.runs.slice();
    const progressed = new Set<Run>();
    let ranAny = false;
    for (let stepped = true; stepped;) {
      stepped = false;
      for (const run of turn) {
        if (!this.runs.includes(run)) continue; // done, cancelled, or restarted by a callback
        if (performance.now() + run.lastMs > deadline && !this.starved) continue;
        this.starved = false;
        const t0 = performance.now();
        const done = run.step();
        run.lastMs = performance.now() - t0;
        stepped = ranAny = true;
        if (done) {
          // Out of the queue before its callback, which may start the job again.
          this.runs = this.runs.filter((r) => r !== run);
          progressed.delete(run);
          run.onDone?.();
        } else {
          progressed.add(run);
        }
      }
    }
    this.starved = !ranAny && this.runs.length > 0;
    // The runs that moved go to the back: the ones that got no step go first next frame.
    this.runs = this.runs.filter((r) => !progressed.has(r)).concat(this.runs.filter((r) => progressed.has(r)));
    for (const run of progressed) if (this.runs.includes(run)) run.onSlice?.();
    if (this.runs.length) this.arm();
  }
}

const scheduler = new FrameScheduler();
