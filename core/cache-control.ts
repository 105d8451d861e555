/**
 * Cache-Control of anything personal: a signed-in page, a page showing a token or someone's money,
 * a response that sets a cookie, a write. Shared by the server's middleware and the pages' own
 * `headers`.
 */
export const PRIVATE_NO_STORE = 'private, no-store';
