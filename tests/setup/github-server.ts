import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/github');

export interface GithubServer {
  url: string;
  /** Every request seen: path and headers. */
  requests: Array<{ path: string; headers: IncomingHttpHeaders; status: number }>;
  /** Requests left in the window (x-ratelimit-remaining); 0 makes the next answers 403. */
  remaining: number;
  /** Replace a file's answer (e.g. more stars) for the next requests. */
  override(file: string, body: string): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for api.github.com that serves the answers in tests/fixtures/github with an
 * ETag per body (If-None-Match → 304, which GitHub does not count against the limit) and the
 * rate-limit headers, counting down from `remaining`.
 */
export async function startGithubServer(options: { remaining?: number; resetInSeconds?: number } = {}) {
  const overrides = new Map<string, string>();
  const resetAt = Math.floor(Date.now() / 1000) + (options.resetInSeconds ?? 3600);
  const state: GithubServer = {
    url: '',
    requests: [],
    remaining: options.remaining ?? 60,
    override: (file, body) => overrides.set(file, body),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/languages|\/readme)?$/.exec(url.pathname);
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      state.requests.push({ path: url.pathname, headers: req.headers, status });
      res.writeHead(status, {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(state.remaining),
        'x-ratelimit-reset': String(resetAt),
        ...headers,
      });
      res.end(body);
    };
    if (state.remaining <= 0) {
      send(403, JSON.stringify({ message: 'API rate limit exceeded' }), { 'content-type': 'application/json' });
      return;
    }
    if (!match) return send(404, JSON.stringify({ message: 'Not Found' }));
    const [, owner, name, part] = match;
    const file = `${owner}/${name}/${part === '/languages' ? 'languages.json' : part === '/readme' ? 'README.md' : 'repo.json'}`;
    const full = path.join(FIXTURES, file);
    const body = overrides.get(file) ?? (existsSync(full) ? readFileSync(full, 'utf8') : null);
    if (body === null) return send(404, JSON.stringify({ message: 'Not Found' }));
    const etag = `W/"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) return send(304, '', { etag });
    state.remaining -= 1;
    send(200, body, {
      etag,
      'content-type': part === '/readme' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
