/**
 * Which addresses user content may point images at (markdown images, entry and draft covers).
 * An image is loaded by every reader's browser with their cookies: pointed at one of our own
 * calls (`![x](/api/post/entryDel?entryId=…)`), it would act as the reader. So an image is either
 * one of our uploads or an http(s) address on another site; never another path of this site.
 * Checked when content is written (a clear 400) and when it is rendered (the image is dropped).
 */

/** Where local uploads are served (server/adapters/storage.ts). */
export const UPLOADS_PATH = '/uploads';

export const IMAGE_URL_MESSAGE = '图片只能是本站上传的图片或 http(s) 外链';

/** An upload's path: /uploads/ then the storage key's characters, no `..`, no query. */
const UPLOAD_PATH_PATTERN = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** The demo article covers shipped as static files (public/covers/<n>.svg): files, never calls. */
const COVER_PATH_PATTERN = /^\/covers\/[0-9]{1,3}\.svg$/;

function isUploadPath(path: string): boolean {
  return UPLOAD_PATH_PATTERN.test(path) && !path.includes('..') && !path.includes('//');
}

/**
 * Whether `value` may be an image in user content. `siteOrigin` (the server knows it; the browser
 * passes its own) also refuses absolute addresses of this site other than uploads.
 */
export function isUserImageUrl(value: string, siteOrigin?: string | null): boolean {
  if (value === '' || value.length > 4096) return false;
  // Whitespace, controls and backslashes are read differently by browsers and parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return isUploadPath(value) || COVER_PATH_PATTERN.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (siteOrigin && url.origin === new URL(siteOrigin).origin) return isUploadPath(url.pathname) && !url.search;
  return true;
}

/** The image address to show, or '' when it may not be shown (render-time check). */
export function safeImageUrl(value: string | null | undefined, siteOrigin?: string | null): string {
  return value && isUserImageUrl(value, siteOrigin) ? value : '';
}

/** Whether `value` is an absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether a site-relative link in user content may stay a link: never to our own API, whose GET
 * calls would act as the reader who follows it (SPEC's GET writes). Percent-encoding and dot
 * segments are undone first, as a server would read the path.
 */
export function isUserLinkPath(href: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(new URL(href, 'http://site.invalid').pathname).toLowerCase();
  } catch {
    return false;
  }
  return !(path === '/api' || path.startsWith('/api/'));
}

/**
 * Where a link written by a person may point (an event's or a banner's link): a path of this site
 * (/books), never under /api (see isUserLinkPath), or an http(s) address. `siteOrigin` (the server
 * knows it; the browser does not) also refuses absolute addresses of this site under /api.
 */
export function isSiteOrWebLink(value: string, siteOrigin?: string | null): boolean {
  if (value.startsWith('/')) return /^\/(?!\/)[^\s\\]*$/.test(value) && isUserLinkPath(value);
  if (!isWebUrl(value)) return false;
  // URL reads the host's case and percent-encoding as a browser would; isUserLinkPath the path's.
  return !siteOrigin || new URL(value).origin !== new URL(siteOrigin).origin || isUserLinkPath(value);
}
