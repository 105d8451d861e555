import { getRequestListener } from '@hono/node-server';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createUser } from '../../tests/factories/users.ts';
import { createTestDatabase } from '../../tests/setup/test-db.ts';
import { type TestApp, TEST_ORIGIN, createTestApp, signIn } from '../../tests/setup/test-app.ts';
import {
  BODY_MAX_BYTES,
  BODY_TOO_LARGE_MESSAGE,
  createHttpServer,
  HEADERS_TOO_LARGE_MESSAGE,
  IDLE_CONNECTION_MS,
  UPLOAD_BODY_MAX_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
} from './limits.ts';

let database: Database;
let app: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database);
  server = createHttpServer();
  server.on('request', getRequestListener(app.app.fetch));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await database?.close();
});

describe('idle connections behind a proxy', () => {
  it('stay open longer than nginx keeps its upstream connections, so the proxy never sends on one Node is closing', async () => {
    const template = readFileSync(new URL('../../deploy/nginx.conf.template', import.meta.url), 'utf8');
    const upstream = /\bupstream\s+\w+\s*\{([\s\S]*?)\n\s*\}/.exec(template)?.[1] ?? '';
    const nginxSeconds = Number(/^\s*keepalive_timeout\s+(\d+)s;/m.exec(upstream)?.[1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(server.keepAliveTimeout).toBe(IDLE_CONNECTION_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(nginxSeconds * 1000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);

    // What the server tells a client on the wire: it keeps the connection that long (Node's default says 5).
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const answers: string[] = [];
    socket.on('data', (chunk) => answers.push(chunk.toString()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => answers.join('')).toContain('200 OK');
    expect(answers.join('')).toMatch(new RegExp(`\\r\\nKeep-Alive: timeout=${IDLE_CONNECTION_MS / 1000}\\r\\n`, 'i'));
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });
});

/** A body that arrives in pieces without a Content-Length (Transfer-Encoding: chunked). */
function streamed(totalBytes: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

async function envelope(response: Response) {
  return { status: response.status, body: (await response.json()) as { s: number; m: string; d: unknown } };
}

describe('request bodies are bounded before parsing and before authentication', () => {
  it('a declared JSON body over 512 KiB answers 413 with the envelope, for anyone, before sign-in', async () => {
    const json = JSON.stringify({ content: 'x'.repeat(BODY_MAX_BYTES) });
    for (const path of ['/api/pin/publish', '/api/passport/auth/type/email', '/api/user/v1/createUser']) {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: json,
      });
      const { status, body } = await envelope(response);
      expect({ path, status }).toEqual({ path, status: 413 });
      expect(body).toEqual({ s: 0, m: BODY_TOO_LARGE_MESSAGE, d: null });
      expect(response.headers.get('connection')).toBe('close');
    }
  });

  it('a chunked body is cut off at the limit', async () => {
    const response = await app.request('/api/pin/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(BODY_MAX_BYTES + 1),
      duplex: 'half',
    } as RequestInit);
    expect(await envelope(response)).toEqual({ status: 413, body: { s: 0, m: BODY_TOO_LARGE_MESSAGE, d: null } });
  });

  it('a form body carrying the token form is refused before it is parsed', async () => {
    const form = new URLSearchParams({ token: 'x', uid: 'y', content: 'x'.repeat(BODY_MAX_BYTES) });
    const response = await app.request('/api/pin/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(413);
  });

  it('bodies within the limit are read as before', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(app, user);
    const response = await app.request('/api/pin/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ content: '你好' }),
    });
    expect(response.status).toBe(200);
  });

  it('uploads may be just over 1 MB: a bigger multipart body answers 413 文件过大 before sign-in', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(UPLOAD_BODY_MAX_BYTES)]), 'a.png');
    const response = await app.request('/api/upload/image', { method: 'POST', body: form });
    expect(await envelope(response)).toEqual({ status: 413, body: { s: 0, m: UPLOAD_TOO_LARGE_MESSAGE, d: null } });
  });
});

/** Sends raw bytes and resolves with everything the server answers until it closes. */
function rawRequest(head: string, options: { bodyBytes?: number } = {}) {
  return new Promise<{ raw: string; ms: number; sentBody: number }>((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sentBody = 0;
    let answered = false;
    socket.on('data', (chunk) => {
      answered = true;
      chunks.push(chunk);
    });
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () =>
      resolve({ raw: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started, sentBody }),
    );
    socket.on('connect', async () => {
      socket.write(head);
      const total = options.bodyBytes ?? 0;
      const piece = Buffer.alloc(256 * 1024, 0x20);
      try {
        while (sentBody < total && !answered && !socket.destroyed) {
          const ok = socket.write(piece);
          sentBody += piece.length;
          if (!ok) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
        }
      } catch {
        // The server closed the connection while the body was still being sent: what we expect.
      }
    });
  });
}

describe('on the real HTTP server', () => {
  it('a 300 MB JSON body is refused at once, without being read', async () => {
    const { raw, ms, sentBody } = await rawRequest(
      `POST /api/pin/publish HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`,
      { bodyBytes: 300 * 1024 * 1024 },
    );
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toContain(BODY_TOO_LARGE_MESSAGE);
    expect(sentBody).toBeLessThan(64 * 1024 * 1024);
    expect(ms).toBeLessThan(5000);
  });

  it('a chunked 300 MB body stops at the limit', async () => {
    const { raw, sentBody } = await rawRequest(
      'POST /api/pin/publish HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
        `${(BODY_MAX_BYTES * 2).toString(16)}\r\n${' '.repeat(BODY_MAX_BYTES * 2)}\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toContain(BODY_TOO_LARGE_MESSAGE);
    expect(sentBody).toBe(0);
  });

  it('an over-long URL answers 431 with the envelope', async () => {
    const { raw } = await rawRequest(
      `GET /api/tag/categories?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ s: 0, m: HEADERS_TOO_LARGE_MESSAGE, d: null });
  });

  it('over-long headers answer 431 with the envelope', async () => {
    const { raw } = await rawRequest(
      `GET /api/tag/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain(HEADERS_TOO_LARGE_MESSAGE);
  });

  it('ordinary requests still work', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/tag/categories`);
    expect(response.status).toBe(200);
  });
});
