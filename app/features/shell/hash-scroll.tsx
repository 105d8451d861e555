import { useEffect } from 'react';
import { useLocation } from 'react-router';

const WAIT_FOR_TARGET_MS = 3000;

/**
 * <ScrollRestoration/> scrolls to the hash or the top after each navigation (SPEC §2.1), but
 * only to an element that already exists. Targets rendered a moment later (comments loaded
 * after the page, a table of contents) are scrolled to when they appear.
 */
export function HashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (key) starts a new wait, even to the same hash.
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    if (document.getElementById(id)) return;
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      observer.disconnect();
      target.scrollIntoView();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_TARGET_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash, key]);
  return null;
}
