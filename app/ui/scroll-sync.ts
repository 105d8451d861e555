/**
 * Keeps two scrolling panes roughly in step by scroll proportion: source and preview differ in
 * height (images, code), so the same fraction of the way down is close enough for writing.
 */
export function syncScroll(a: HTMLElement, b: HTMLElement): () => void {
  let leader: HTMLElement | null = null;
  let release = 0;
  const follow = (from: HTMLElement, to: HTMLElement) => () => {
    if (leader && leader !== from) return;
    leader = from;
    window.clearTimeout(release);
    release = window.setTimeout(() => {
      leader = null;
    }, 120);
    const range = from.scrollHeight - from.clientHeight;
    const ratio = range > 0 ? from.scrollTop / range : 0;
    to.scrollTop = ratio * (to.scrollHeight - to.clientHeight);
  };
  const onA = follow(a, b);
  const onB = follow(b, a);
  a.addEventListener('scroll', onA, { passive: true });
  b.addEventListener('scroll', onB, { passive: true });
  return () => {
    window.clearTimeout(release);
    a.removeEventListener('scroll', onA);
    b.removeEventListener('scroll', onB);
  };
}
