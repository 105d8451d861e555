import { eq } from 'drizzle-orm';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client.ts';
import { pins } from '@db/schema/social.ts';
import { createUser } from '../tests/factories/users.ts';
import { type ChildServer, startChildServer, waitForLog } from '../tests/setup/child-server.ts';
import { createTestDatabaseUrl } from '../tests/setup/test-db.ts';
import { SESSION_COOKIE, createSession } from './modules/auth/auth.service.ts';

/**
 * SIGTERM while writes are on their way: requests whose bytes have reached the server (on
 * connections it accepted, or still in the kernel's accept queue) are all answered and stored;
 * /readyz says draining meanwhile; then the process exits 0.
 */

let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let server: ChildServer;
let cookie: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabaseUrl();
  const db = await openDatabase({ url: database.url, poolSize: 1 });
  const user = await createUser(db.db);
  userId = user.id;
  cookie = `${SESSION_COOKIE}=${(await createSession(db, { userId: user.id, ttlDays: 1 })).token}`;
  await db.close();
  server = await startChildServer({
    DATABASE_URL: database.url,
    SHUTDOWN_TIMEOUT_MS: '60000',
    // Long enough for the test to ask /readyz while the server drains on a loaded machine.
    SHUTDOWN_SETTLE_MS: '1500',
  });
}, 150_000);

afterAll(async () => {
  await server?.kill();
  await database?.dispose();
});

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on the socket until it closes it, or the error that ended it. */
function answer(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(`socket error ${error.code}`));
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function publishRequest(content: string): string {
  const body = JSON.stringify({ content });
  return [
    'POST /api/pin/publish HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    `Origin: ${server.origin}`,
    `Cookie: ${cookie}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

describe('SIGTERM drains', () => {
  it('answers every write that reached the server, says draining on /readyz, then exits 0', async () => {
    const warm = await fetch(`${server.origin}/readyz`);
    expect(warm.status).toBe(200);

    // Ten keep-alive connections the server has accepted and that sit idle…
    const accepted = await Promise.all(Array.from({ length: 10 }, connect));
    const watcher = await connect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const draining = waitForLog(server.child, (line) => line.msg?.startsWith('shutting down') ?? false, 10_000);

    // …then, at the same moment, a write on each, five more on new connections, and SIGTERM.
    const answers: Array<Promise<string>> = [];
    accepted.forEach((socket, i) => {
      answers.push(answer(socket));
      socket.write(publishRequest(`drain kept ${i}`));
    });
    const fresh = Array.from({ length: 5 }, (_, i) => {
      const socket = net.connect(server.port, '127.0.0.1');
      answers.push(answer(socket));
      socket.write(publishRequest(`drain new ${i}`));
      return socket;
    });
    server.child.kill('SIGTERM');
    await draining;

    // A connection opened before SIGTERM asks for readiness while the server drains.
    const readiness = answer(watcher);
    watcher.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    const ready = await readiness;
    expect(ready).toMatch(/^HTTP\/1\.1 503 /);
    expect(ready).toContain('"status":"draining"');

    const raw = await Promise.all(answers);
    const statuses = raw.map((text) => text.split('\r\n')[0]);
    expect(statuses).toEqual(Array(15).fill('HTTP/1.1 200 OK'));
    for (const socket of fresh) socket.destroy();

    const [code, signal] = await exited;
    expect(server.stderr()).toBe('');
    expect(signal).toBeNull();
    expect(code).toBe(0);

    const db = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      const stored = await db.db.select({ content: pins.content }).from(pins).where(eq(pins.userId, userId));
      expect(stored).toHaveLength(15);
    } finally {
      await db.close();
    }
  }, 60_000);
});
