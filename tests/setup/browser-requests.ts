/** The headers a browser sends, by the way the request was made. */
export const BROWSER_REQUESTS = {
  /** fetch() from one of our pages: what our own pages do. */
  ownScript: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
  /** fetch() or an <img> from another site. */
  crossSite: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
  /** location.href = … or a GET form on another site: a top-level navigation. */
  crossSiteNavigation: {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
    referer: 'https://evil.example/page',
  },
  /** An <img src="/api/…"> inside an article on our own page. */
  ownPageImage: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
  /** A link to the call from our own page (a same-origin top-level navigation). */
  ownPageLink: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  /** An older browser without Sec-Fetch-*, led there from another site. */
  foreignReferer: { referer: 'https://evil.example/page' },
  /** A subdomain of the same site. */
  sameSite: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
  /** Typed into the address bar or opened from a bookmark: nothing shows it came from our page. */
  addressBar: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
} as const;
