import { TIMING } from '@core/constants.ts';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** A thin bar at the top when a navigation takes longer than 1 second (SPEC §2.1). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), TIMING.progressBarDelayMs);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!slow) return null;
  return (
    <div
      role="progressbar"
      aria-label="页面加载中"
      className="fixed inset-x-0 top-0 z-[80] h-0.5 origin-left bg-brand animate-[progress-creep_8s_cubic-bezier(0.1,0.7,0.3,1)_forwards]"
    />
  );
}
