import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForLog } from '../tests/setup/child-server.ts';
import { createTestDatabaseUrl } from '../tests/setup/test-db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** This file's own build of the server bundle, inside the checkout so that packages resolve. */
const buildDir = `build-shutdown-test-${process.pid}`;

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Whether the port starts refusing connections within a second or two: the listening socket closes
 * a moment after the shutdown log line is written.
 */
async function refusesConnections(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      (await connect(port)).destroy();
    } catch (error) {
      // A connection the kernel queued just before the listener closed is reset rather than refused.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Resolves with the raw bytes the server sends until it closes the connection. */
function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('graceful shutdown', () => {
  let child: ChildProcess;
  let port: number;
  let stderr = '';
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

  beforeAll(async () => {
    port = await freePort();
    database = await createTestDatabaseUrl();
    // The precompiled bundle that production runs (npm run build:server); NODE_ENV=test boots it
    // without a page build (API only).
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    child = spawn(process.execPath, [`${buildDir}/server-app/index.js`], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'info',
        // Long enough that only a clean drain, never the forced close, can end this test.
        SHUTDOWN_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    await waitForLog(child, (line) => line.msg?.includes('is listening') ?? false, 110_000);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await database?.dispose();
    rmSync(`${root}/${buildDir}`, { recursive: true, force: true });
  });

  it('finishes the in-flight request, refuses new connections and exits 0 on SIGTERM', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);

    // A slow client: the request line and one header are sent, the end of the headers is not.
    const slow = await connect(port);
    const response = readUntilClosed(slow);
    slow.write(`GET /api/tag/categories HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const draining = waitForLog(child, (line) => line.msg?.startsWith('shutting down') ?? false, 5000);
    child.kill('SIGTERM');
    await draining;

    expect(await refusesConnections(port)).toBe(true);

    slow.write('Accept: application/json\r\n\r\n');
    const raw = await response;
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // The headers every response gets, set on Node's response by the middleware (server/http/headers.ts).
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(raw).toMatch(/\r\nX-Request-Id: [0-9a-f]{8}[0-9a-z]+\r\n/);
    expect(raw).toContain('"s":1');

    const [code, signal] = await exited;
    expect(stderr).toBe('');
    expect(signal).toBeNull();
    expect(code).toBe(0);
  }, 30_000);
});
