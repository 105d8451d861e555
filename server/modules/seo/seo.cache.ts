/** Feeds, the sitemap and robots.txt change slowly. */
export const PUBLIC_DOCUMENT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
