import { useLayoutEffect } from 'react';
import { applyTheme, readTheme, themeScript } from '~/lib/theme.ts';

let hydrated = false;

/**
 * Sets the theme class before the first paint (the inline script, allowed by the CSP nonce).
 * React Router remounts the whole document when a page switches between its error view and
 * its content, and React then resets <html>'s attributes: the layout effect puts the class
 * back before that frame paints. The script only matters in the server's HTML, so client
 * renders after hydration leave it out (React never runs scripts it creates).
 */
export function ThemeScript({ nonce }: { nonce: string | undefined }) {
  useLayoutEffect(() => {
    hydrated = true;
    applyTheme(readTheme());
  }, []);
  if (hydrated || !nonce) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours (app/lib/theme.ts), no user input.
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />
  );
}
