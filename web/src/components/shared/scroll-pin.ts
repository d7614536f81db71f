/**
 * Scrolls `el` to the top of the screen and keeps it there while the chapter above it still lays
 * out (figures measure their width and draw again, results arrive from the core, formulas are
 * typeset): scrolled to once, an Errata entry at 1280 px ended 700 px lower, and the model card's
 * link to the ALiBi section left it off screen on a busy machine. The reader's own scrolling, or
 * three seconds, end it.
 */
export function scrollAndPin(el: Element): void {
  el.scrollIntoView({ block: 'start' });
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'];
  let frames = 0,
    done = false;
  const stop = () => {
    done = true;
    inputs.forEach((t) => removeEventListener(t, stop, true));
  };
  inputs.forEach((t) => addEventListener(t, stop, { capture: true, passive: true }));
  let top = el.getBoundingClientRect().top;
  const tick = () => {
    if (done || !el.isConnected || frames++ > 180) return stop();
    const now = el.getBoundingClientRect().top;
    if (Math.abs(now - top) > 1) {
      el.scrollIntoView({ block: 'start' });
      top = el.getBoundingClientRect().top;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
