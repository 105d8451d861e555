import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@db/client.ts';
import { pins } from '@db/schema/social.ts';
import { createUser } from '../tests/factories/users.ts';
import { type ChildServer, startChildServer } from '../tests/setup/child-server.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../tests/setup/private-postgres.ts';
import { UNAVAILABLE_MESSAGE } from './http/envelope.ts';
import { SESSION_COOKIE, createSession } from './modules/auth/auth.service.ts';

/**
 * The fault test of issue 11: the real server, on a PostgreSQL of this test's own, keeps serving
 * while that PostgreSQL is stopped (cleanly, then as if it crashed) and started again under a
 * light write load. The process must live, answer 503 with the envelope while the database is
 * away, report the outage and the recovery on /readyz, and lose no write it acknowledged.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PrivatePostgres;
let server: ChildServer;
let database: Database;
let cookie: string;
let userId: string;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: postgres.serverUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE jinsha');
  await admin.end();
  const url = postgres.serverUrl.replace(/\/postgres$/, '/jinsha');
  server = await startChildServer({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4' });
  // The test's own connections see the restarts too; they only need to reconnect afterwards.
  database = await openDatabase({ url, poolSize: 2, onConnectionError: () => {} });
  const user = await createUser(database.db);
  userId = user.id;
  const session = await createSession(database, { userId: user.id, ttlDays: 1 });
  cookie = `${SESSION_COOKIE}=${session.token}`;
}, 150_000);

afterAll(async () => {
  await server?.kill();
  await database?.close().catch(() => {});
  await postgres?.dispose();
});

describe('PostgreSQL restarts under load', () => {
  /**
   * Four writers publish pins and /readyz is polled while PostgreSQL is stopped (`mode`) and
   * started again: the process lives, answers 503 while the database is away, recovers, and keeps
   * every acknowledged write.
   */
  async function outage(mode: 'fast' | 'immediate') {
    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let unavailable = 0;
    let running = true;
    const logsBefore = server.logs.length;

    async function writer(n: number) {
      for (let i = 0; running; i++) {
        const content = `fault ${mode} ${n}-${i}`;
        try {
          const response = await fetch(`${server.origin}/api/pin/publish`, {
            method: 'POST',
            headers: { cookie, origin: server.origin, 'content-type': 'application/json' },
            body: JSON.stringify({ content }),
            signal: AbortSignal.timeout(20_000),
          });
          const body = (await response.json()) as { s: number; m: string };
          if (response.status === 200 && body.s === 1) acknowledged.push(content);
          else if (response.status === 503 && body.m === UNAVAILABLE_MESSAGE) unavailable++;
          else unexpected.push(`${response.status} ${body.m}`);
        } catch (error) {
          unexpected.push(String(error));
        }
        await sleep(25);
      }
    }

    const readiness: string[] = [];
    async function pollReadiness() {
      while (running) {
        try {
          const response = await fetch(`${server.origin}/readyz`, { signal: AbortSignal.timeout(10_000) });
          const { status } = (await response.json()) as { status: string };
          if (readiness.at(-1) !== status) readiness.push(status);
        } catch (error) {
          unexpected.push(`readyz: ${String(error)}`);
        }
        await sleep(50);
      }
    }

    async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) {
          // What the process and its clients saw, so that a failure says where it stuck.
          const seen = { readiness, acknowledged: acknowledged.length, unavailable, unexpected: unexpected.slice(-5) };
          const logs = server.logs.slice(logsBefore).slice(-8);
          throw new Error(`timed out waiting for ${what}: ${JSON.stringify(seen)}; app log: ${JSON.stringify(logs)}`);
        }
        await sleep(50);
      }
    }

    const load = [...[0, 1, 2, 3].map(writer), pollReadiness()];
    try {
      await until(() => acknowledged.length >= 10, 'the first writes');
      await postgres.stop(mode);
      await until(() => unavailable > 0 && readiness.at(-1) === 'unavailable', `503s after a ${mode} stop`);
      await sleep(500);
      await postgres.start();
      const acked = acknowledged.length;
      await until(() => readiness.at(-1) === 'ok' && acknowledged.length >= acked + 10, `recovery after ${mode}`);
    } finally {
      // A failed outage stops its writers, so the next test starts with its own.
      running = false;
      await Promise.all(load);
    }

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(unexpected).toEqual([]);
    expect(readiness).toEqual(['ok', 'unavailable', 'ok']);
    const logs = server.logs.slice(logsBefore);
    expect(logs.filter((line) => line.msg === 'database unreachable')).toHaveLength(1);
    expect(logs.filter((line) => line.msg === 'database reachable again')).toHaveLength(1);

    const stored = new Set(
      (await database.db.select({ content: pins.content }).from(pins).where(eq(pins.userId, userId))).map(
        (row) => row.content,
      ),
    );
    expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);
    expect(server.stderr()).toBe('');
  }

  it('a fast stop (connections ended politely): 503 meanwhile, recovery, no acknowledged write lost', async () => {
    await outage('fast');
  }, 60_000);

  it('an immediate stop (connections cut): the process lives, recovers, no acknowledged write lost', async () => {
    await outage('immediate');
  }, 60_000);
});
