import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { createAdapters } from '@server/adapters/index.ts';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';
import { type TestApp, TEST_ORIGIN, createTestApp, createTestEnv } from '../tests/setup/test-app.ts';
import { setUpTestApp } from '../tests/setup/file-app.ts';
import { createApp } from './app.ts';

let database: Database;
let app: TestApp;

setUpTestApp({}, (opened) => ({ database, app } = opened));

describe('health', () => {
  it('/healthz answers ok without touching the database', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ok when the database answers', async () => {
    const response = await app.request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 503 when the database does not', async () => {
    const broken = createTestApp({
      ...database,
      ping: () => Promise.reject(new Error('connection refused')),
    });
    const response = await broken.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      since: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('/readyz answers draining once shutdown has begun', async () => {
    let draining = false;
    const env = createTestEnv();
    const drainingApp = createApp({
      database,
      adapters: createAdapters(env, database.db),
      env,
      logger: pino({ level: 'silent' }),
      isDraining: () => draining,
    });
    expect((await drainingApp.request('/readyz')).status).toBe(200);
    draining = true;
    const response = await drainingApp.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'draining' });
  });

  it('a request that finds the database unreachable answers 503 with the envelope, not 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = new Error('Failed query: select …', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });
    for (const failure of [refused, terminated, new Error('Connection terminated unexpectedly')]) {
      const down = createTestApp({
        ...database,
        db: new Proxy(database.db, {
          get: (target, key) =>
            key === 'select' || key === 'transaction' || key === 'execute'
              ? () => {
                  throw failure;
                }
              : Reflect.get(target, key),
        }),
      });
      const response = await down.request('/api/tag/categories');
      expect(response.status, failure.message).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = (await response.json()) as { s: number; m: string };
      expect(body).toMatchObject({ s: 0, m: '服务暂时不可用，请稍后再试' });
    }
  });
});

describe('API reference', () => {
  interface Operation {
    tags?: string[];
    summary?: string;
    responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  }
  type OpenApiDocument = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

  it('/api/openapi.json is OpenAPI 3.1 and documents each operation with tag, summary and response schema', async () => {
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('金砂 API');

    const expected: Array<[path: string, method: string, tag: string]> = [
      ['/passport/auth/type/email', 'post', 'passport'],
      ['/passport/auth/type/phoneNumber', 'post', 'passport'],
      ['/passport/auth', 'delete', 'passport'],
      ['/timeline/get_entry_by_timeline', 'get', 'timeline'],
      ['/timeline/get_entry_by_rank', 'get', 'timeline'],
      ['/timeline/get_entry_by_period', 'get', 'timeline'],
      ['/timeline/get_entry_by_ids', 'get', 'timeline'],
      ['/post/getEntry', 'get', 'post'],
      ['/tag/categories', 'get', 'tag'],
    ];
    for (const [path, method, tag] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation.tags).toContain(tag);
      expect(operation.summary).toMatch(/\w/);
      expect(operation.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    }
    expect(Object.keys(doc.paths['/post/getEntry'].get.responses)).toEqual(expect.arrayContaining(['400', '404']));
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.tags?.length).toBeGreaterThan(0);
        expect(operation.summary).toBeTruthy();
      }
    }
  });

  it('/api/docs serves the reference page with its script under the CSP nonce', async () => {
    const response = await app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('/api/openapi.json');
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    const asset = await app.request('/api/docs/assets/swagger-ui.css');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^text\/css/);
  });
});

describe('envelope and errors', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    for (const path of ['/api/nope', '/api/timeline/nope', '/api/passport/auth/type/fax']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ s: 2, m: TRANSPORT_MESSAGES[404], d: null });
    }
  });

  it('turns an unknown error into a 500 with a generic message and the request id', async () => {
    const withFailingRoute = createTestApp(database);
    withFailingRoute.app.get('/test/explode', () => {
      throw new Error('database password is hunter2');
    });
    const response = await withFailingRoute.request('/test/explode');
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    // This process's random prefix, then a counter: unique without a random draw per request.
    expect(requestId).toMatch(/^[0-9a-f]{8}[0-9a-z]+$/);
    expect((await withFailingRoute.request('/test/explode')).headers.get('x-request-id')).not.toBe(requestId);
    const body = await response.json();
    expect(body).toEqual({ s: 0, m: '服务器出错了，请稍后再试', d: { requestId } });
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('keeps a request id the caller sends', async () => {
    const response = await app.request('/api/tag/categories', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('security headers', () => {
  it('sets CSP with a fresh nonce and frame-ancestors none, nosniff and a referrer policy', async () => {
    // A document with an inline script draws a nonce; each response its own, the one its script carries.
    const first = await app.request('/api/docs');
    const second = await app.request('/api/docs');
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives the JSON API a short policy: nothing may load, frame or sniff it', async () => {
    const response = await app.request('/api/tag/categories');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000');
  });

  it('also sets them on errors', async () => {
    const response = await app.request('/api/nope');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('compression', () => {
  it('brotli-encodes a large JSON response for a client that accepts br, decoding to the same JSON', async () => {
    const plain = await app.request('/api/openapi.json');
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(4096);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const compressed = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const bytes = Buffer.from(await compressed.arrayBuffer());
    expect(bytes.length).toBeLessThan(plainText.length);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(JSON.parse(plainText));
  });

  it('gives a compressed static file the compressed length, so clients wait for exactly the bytes sent', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'jinsha-client-'));
    try {
      mkdirSync(path.join(clientDir, 'assets'));
      const css = `.row{color:#1d2129}\n`.repeat(400);
      writeFileSync(path.join(clientDir, 'assets', 'root-abc123.css'), css);
      const withAssets = createApp({
        database,
        adapters: createAdapters(createTestEnv(), database.db),
        env: createTestEnv(),
        logger: pino({ level: 'silent' }),
        clientDir,
      });
      const response = await withAssets.request(new URL('/assets/root-abc123.css', TEST_ORIGIN).toString(), {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toContain('immutable');
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-length')).toBe(String(body.length));
      expect(gunzipSync(body).toString('utf8')).toBe(css);
      // Static files carry the security headers too.
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // Only files found get the static cache policy, never what falls through to other handlers.
      const fallthrough = await withAssets.request(new URL('/api/bench/hello', TEST_ORIGIN).toString());
      expect(fallthrough.status).toBe(200);
      expect(fallthrough.headers.get('cache-control')).toBeNull();
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('uses gzip when br is not accepted, and nothing when neither is', async () => {
    const gzip = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).openapi).toBe('3.1.0');
    const identity = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
  });
});
