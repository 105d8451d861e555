import { useEffect, useRef, useState } from 'react';

/** The thumbnail's attributes (the server-rendered rows draw the same image; styled as the row card's img). */
export function thumbAttributes(src: string) {
  return { src, width: 120, height: 80, loading: 'lazy', decoding: 'async' } as const;
}

/** A feed row's thumbnail, as app.css styles it. */
export const ROW_THUMB = 'li.er > article > img';

/**
 * A feed row's thumbnail (DESIGN.md: 120×80 at the right, lazy). An image that fails to load,
 * before hydration too, is taken away instead of leaving a grey box with its alt text.
 */
export function EntryThumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    // Failed while the page was still static HTML: onError was not listening yet.
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailed(true);
  }, []);
  if (failed) return null;
  return <img ref={ref} alt={alt} {...thumbAttributes(src)} onError={() => setFailed(true)} />;
}
