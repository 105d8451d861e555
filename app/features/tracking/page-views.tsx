import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ensureVisitorId, trackPageView } from '~/lib/track.ts';

/**
 * Sends the page views (GET /punch, at most one per 300 ms) of every navigation, once the
 * visitor id is settled (GET /gen_suid), so the first view and the id never race for a cookie.
 * The referrer of an in-app navigation is the previous page. Renders nothing.
 */
export function PageViews() {
  const location = useLocation();
  const [ready, setReady] = useState(false);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    void ensureVisitorId().finally(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const address = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!ready) return;
    trackPageView(previous.current === null ? undefined : `${window.location.origin}${previous.current}`);
    previous.current = address;
  }, [ready, address]);

  return null;
}
