/**
 * The code host's REST API (GitHub v3), as much as the repo importer needs: a repository's
 * metadata, its languages and its README. Requests are conditional (If-None-Match with the ETag
 * of the last answer: a 304 costs no rate limit) and carry the token from the environment
 * (GITHUB_TOKEN) when there is one. The rate-limit headers are read on every answer; when the
 * limit is spent the client refuses further requests until the reset time instead of hammering.
 * GITHUB_API_URL points it elsewhere: a GitHub Enterprise host, or the local server of recorded
 * answers the tests use (this machine cannot reach GitHub).
 */

export interface GithubRepo {
  id: number;
  full_name: string;
  name: string;
  html_url: string;
  description: string | null;
  language: string | null;
  stargazers_count: number;
  forks_count: number;
  subscribers_count?: number;
  watchers_count: number;
  pushed_at: string | null;
  license: { name: string; spdx_id?: string | null; url?: string | null } | null;
  owner: { login: string; avatar_url: string; html_url: string };
}

/** A conditional answer: `changed` false is a 304 (keep what you have). */
export type Conditional<T> = { changed: true; etag: string | null; data: T } | { changed: false; etag: string };

export interface RateLimit {
  limit: number | null;
  remaining: number | null;
  /** When the window resets (epoch ms). */
  resetAt: number | null;
}

export interface CodeHost {
  getRepo(fullName: string, etag?: string): Promise<Conditional<GithubRepo>>;
  /** Bytes of code per language. */
  getLanguages(fullName: string, etag?: string): Promise<Conditional<Record<string, number>>>;
  /** The README's markdown; null when the repo has none. */
  getReadme(fullName: string, etag?: string): Promise<Conditional<string | null>>;
  /** The rate limit as last reported by the host. */
  rateLimit(): RateLimit;
}

export class CodeHostError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Set when the rate limit is spent: retry after this time (epoch ms). */
    readonly retryAt: number | null = null,
  ) {
    super(message);
    this.name = 'CodeHostError';
  }
}

export const FULL_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

export interface GithubClientOptions {
  apiUrl?: string;
  token?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Request timeout (ms). */
  timeoutMs?: number;
}

export function createGithubClient(options: GithubClientOptions = {}): CodeHost {
  const base = (options.apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 20_000;
  let limit: RateLimit = { limit: null, remaining: null, resetAt: null };

  function readLimit(headers: Headers) {
    const number = (name: string) => {
      const value = headers.get(name);
      return value !== null && value !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
    };
    const reset = number('x-ratelimit-reset');
    limit = {
      limit: number('x-ratelimit-limit') ?? limit.limit,
      remaining: number('x-ratelimit-remaining') ?? limit.remaining,
      resetAt: reset !== null ? reset * 1000 : limit.resetAt,
    };
    const retryAfter = number('retry-after');
    return retryAfter !== null ? now() + retryAfter * 1000 : null;
  }

  async function request(path: string, accept: string, etag?: string): Promise<Response> {
    if (limit.remaining === 0 && limit.resetAt !== null && limit.resetAt > now()) {
      throw new CodeHostError(
        `GitHub rate limit spent until ${new Date(limit.resetAt).toISOString()}`,
        429,
        limit.resetAt,
      );
    }
    const headers: Record<string, string> = {
      Accept: accept,
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'jinsha-repo-importer',
    };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (etag) headers['If-None-Match'] = etag;
    const response = await doFetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const retryAt = readLimit(response.headers);
    if (response.status === 304 || response.ok) return response;
    if ((response.status === 403 || response.status === 429) && (limit.remaining === 0 || retryAt !== null)) {
      const until = retryAt ?? limit.resetAt;
      throw new CodeHostError(
        `GitHub rate limit spent${until ? ` until ${new Date(until).toISOString()}` : ''}`,
        429,
        until,
      );
    }
    if (response.status === 404) throw new CodeHostError(`GitHub has no ${path}`, 404);
    throw new CodeHostError(`GitHub answered ${response.status} for ${path}`, response.status);
  }

  async function conditional<T>(
    path: string,
    accept: string,
    etag: string | undefined,
    read: (r: Response) => Promise<T>,
  ): Promise<Conditional<T>> {
    const response = await request(path, accept, etag);
    if (response.status === 304) return { changed: false, etag: etag ?? response.headers.get('etag') ?? '' };
    return { changed: true, etag: response.headers.get('etag'), data: await read(response) };
  }

  const repoPath = (fullName: string) => {
    if (!FULL_NAME_PATTERN.test(fullName)) throw new CodeHostError(`not a repository name: ${fullName}`, 400);
    return `/repos/${fullName}`;
  };

  return {
    getRepo: (fullName, etag) =>
      conditional(repoPath(fullName), 'application/vnd.github+json', etag, (r) => r.json() as Promise<GithubRepo>),
    getLanguages: (fullName, etag) =>
      conditional(
        `${repoPath(fullName)}/languages`,
        'application/vnd.github+json',
        etag,
        (r) => r.json() as Promise<Record<string, number>>,
      ),
    async getReadme(fullName, etag) {
      try {
        return await conditional(`${repoPath(fullName)}/readme`, 'application/vnd.github.raw+json', etag, (r) =>
          r.text(),
        );
      } catch (error) {
        if (error instanceof CodeHostError && error.status === 404) return { changed: true, etag: null, data: null };
        throw error;
      }
    },
    rateLimit: () => ({ ...limit }),
  };
}
