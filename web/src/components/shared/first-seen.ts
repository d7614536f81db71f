/**
 * Work a figure starts once, the first time it comes into view: a training run or a measurement
 * that would cost every reader who never scrolls there. A figure inside a predict-then-reveal
 * question is hidden until the reveal, so the question is what has to come into view.
 */
export function onFirstSeen(host: HTMLElement, start: () => void): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) start();
  });
  observer.observe(host.closest('posenc-predict') ?? host);
  return observer;
}
