/** The thumbnail's attributes (the server-rendered rows draw the same image; styled as the row card's img). */
export function thumbAttributes(src: string) {
  return { src, width: 120, height: 80, loading: 'lazy', decoding: 'async' } as const;
}

/** A feed row's thumbnail, as app.css styles it. */
export const ROW_THUMB = 'li.er > article > img';
