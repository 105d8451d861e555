import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Database } from '@db/client.ts';
import { type Adapters, createAdapters } from '@server/adapters/index.ts';
import { createApp } from '@server/app.ts';
import { readEnv, type Env } from '@server/env.ts';
import { SESSION_COOKIE, createSession } from '@server/modules/auth/auth.service.ts';

/** The origin requests are made against; the CSRF guard treats it as our own. */
export const TEST_ORIGIN = 'http://localhost';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  env: Env;
  adapters: Adapters;
  /** A request to the app in-process; `path` is relative to the site, e.g. '/api/…'. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export function createTestEnv(overrides: Record<string, string> = {}): Env {
  return readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests write to the database directly and read at once: the caches are tested on their own.
    SESSION_CACHE_SECONDS: '0',
    CACHE_GRACE_MS: '0',
    PAGE_CACHE_MB: '0',
    FEED_CACHE_ENTRIES: '0',
    SITE_URL: TEST_ORIGIN,
    UPLOADS_DIR: path.join(tmpdir(), 'jinsha-test-uploads'),
    // Factory accounts are minutes old: the new-account limits are tested on their own (trust.test.ts).
    NEW_ACCOUNT_LIMITS: 'false',
    ...overrides,
  });
}

/** The real app (API only, no page build) over a test database, with a silent logger. */
export function createTestApp(
  database: Database,
  envOverrides: Record<string, string> = {},
  adapterOverrides: Partial<Omit<Adapters, 'close'>> = {},
): TestApp {
  const env = createTestEnv(envOverrides);
  const adapters = createAdapters(env, database.db, adapterOverrides);
  const app = createApp({ database, adapters, env, logger: pino({ level: env.LOG_LEVEL }) });
  return {
    app,
    database,
    env,
    adapters,
    request: async (path, init) => app.request(new URL(path, TEST_ORIGIN).toString(), init),
  };
}

/** Starts a session for the user the way a login does and returns the Cookie header value. */
export async function signIn(app: TestApp, user: { id: string }): Promise<string> {
  const session = await createSession({ db: app.database.db }, { userId: user.id, ttlDays: app.env.SESSION_TTL_DAYS });
  return `${SESSION_COOKIE}=${session.token}`;
}

/** JSON request helper: sends a JSON body, returns the status and the parsed envelope. */
export async function requestJson<T = unknown>(
  app: TestApp,
  path: string,
  init: Omit<RequestInit, 'body'> & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: { s: number; m: string; d: T } }> {
  const { json, headers, ...rest } = init;
  const merged = new Headers(headers);
  if (json !== undefined) merged.set('content-type', 'application/json');
  const response = await app.request(path, {
    ...rest,
    headers: merged,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A call as a signed-in person (their cookie) or signed out (null): GET without a body, POST with one. */
export function requestAs<T = unknown>(app: TestApp, cookie: string | null, path: string, json?: unknown) {
  return requestJson<T>(app, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: cookie ? { cookie } : {},
    json,
  });
}
