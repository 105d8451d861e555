import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createPostgresTestDatabase } from '../../tests/setup/test-db.ts';
import { createJobQueue, type JobPayloads } from './queue.ts';
import { createJobRunner, type JobHandlers } from './runner.ts';

let database: Database;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createPostgresTestDatabase({ poolSize: 6 });
});
afterAll(async () => {
  await database?.close();
});

/** Handlers that do nothing but what the test gives mail-follow. */
function handlersWith(follow: (data: JobPayloads['mail-follow']) => Promise<void>): JobHandlers {
  const nothing = async () => {};
  return {
    'mail-follow': follow,
    'mail-article': nothing,
    'mail-week': nothing,
    'mail-week-plan': nothing,
    'mail-cleanup': nothing,
  };
}

async function jobStates(followerPrefix: string) {
  const { rows } = await database.executeSql(
    `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job
      WHERE name = 'mail-follow' AND data->>'followerId' LIKE $1 GROUP BY state`,
    [`${followerPrefix}%`],
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n])) as Record<string, number>;
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached');
}

describe('job runner on PostgreSQL', () => {
  it('runs jobs queued before it started (a restart) exactly once across two instances', async () => {
    const queue = createJobQueue(database.db);
    const count = 40;
    for (let i = 0; i < count; i++) {
      await queue.enqueue(database.db, 'mail-follow', { followerId: `once-${i}`, followeeId: 'x' });
    }
    const seen: string[] = [];
    const byRunner = [0, 0];
    const runners = [0, 1].map((index) =>
      createJobRunner({
        database,
        logger,
        pollingIntervalSeconds: 0.5,
        handlers: handlersWith(async (data) => {
          seen.push(data.followerId);
          byRunner[index]!++;
          // Long enough that both runners hold jobs at the same time.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }),
      }),
    );
    await Promise.all(runners.map((runner) => runner.start()));
    try {
      await until(async () => (await jobStates('once-')).completed === count);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop(1000)));
    }
    expect(seen.sort()).toEqual(Array.from({ length: count }, (_, i) => `once-${i}`).sort());
    expect(new Set(seen).size).toBe(count);
    expect(byRunner[0]! + byRunner[1]!).toBe(count);
  });

  it('on stop, finishes the job in hand; one still running at the deadline goes back to the queue', async () => {
    const queue = createJobQueue(database.db);
    let release: () => void = () => {};
    const started: string[] = [];
    const runner = createJobRunner({
      database,
      logger,
      pollingIntervalSeconds: 0.5,
      handlers: handlersWith(async (data) => {
        started.push(data.followerId);
        if (data.followerId === 'stop-slow') await new Promise<void>((resolve) => (release = resolve));
        if (data.followerId === 'stop-stuck') await new Promise(() => {});
      }),
    });
    await runner.start();
    await queue.enqueue(database.db, 'mail-follow', { followerId: 'stop-slow', followeeId: 'x' });
    await until(async () => started.includes('stop-slow'));
    let stopped = false;
    const stopping = runner.stop(10_000).then(() => {
      stopped = true;
    });
    // Queued after the stop began: nobody fetches it.
    await queue.enqueue(database.db, 'mail-follow', { followerId: 'stop-later', followeeId: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await jobStates('stop-slow')).toEqual({ completed: 1 });
    expect(await jobStates('stop-later')).toEqual({ created: 1 });

    // A job that does not finish by the deadline is handed back for another run.
    const second = createJobRunner({
      database,
      logger,
      pollingIntervalSeconds: 0.5,
      handlers: handlersWith(async (data) => {
        started.push(data.followerId);
        if (data.followerId === 'stop-stuck') await new Promise(() => {});
      }),
    });
    await second.start();
    await queue.enqueue(database.db, 'mail-follow', { followerId: 'stop-stuck', followeeId: 'x' });
    await until(async () => started.includes('stop-stuck'));
    await second.stop(1000);
    expect(await jobStates('stop-stuck')).toEqual({ retry: 1 });
    expect(started).toContain('stop-later');
  });
});
