import { TIMING } from '@core/constants.ts';
import { ArrowUp, Headset } from '~/ui/icons.tsx';
import { useEffect, useState } from 'react';
import { throttle } from '~/lib/throttle.ts';

export const SUPPORT_EMAIL = 'support@jinsha.dev';

/** The round buttons' look: .float-btn in app/app.css. */
const roundButton = 'float-btn';

/** Bottom-right: back to top after 800px of scrolling, and the way to reach support. */
export function SuspensionPanel() {
  const [showBackToTop, setShowBackToTop] = useState(false);

  useEffect(() => {
    const update = throttle(() => setShowBackToTop(window.scrollY > TIMING.backToTopAfterPx), 100);
    update.run();
    window.addEventListener('scroll', update.run, { passive: true });
    return () => {
      window.removeEventListener('scroll', update.run);
      update.cancel();
    };
  }, []);

  function backToTop() {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    // The button disappears at the top; keyboard focus continues from the page's start.
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <div className="float-bar">
      {showBackToTop && (
        <button type="button" aria-label="回到顶部" title="回到顶部" className={roundButton} onClick={backToTop}>
          <ArrowUp aria-hidden size={20} strokeWidth={1.75} />
        </button>
      )}
      <a href={`mailto:${SUPPORT_EMAIL}`} aria-label="联系客服" title="联系客服" className={roundButton}>
        <Headset aria-hidden size={20} strokeWidth={1.75} />
      </a>
    </div>
  );
}
