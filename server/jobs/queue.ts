import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';

/** The schema migration NNNN_job_queue.sql creates (docs/decisions/015-job-runner.md). */
export const JOB_SCHEMA = 'pgboss';

/** Every queue and what its jobs carry. Adding one: a migration (create_queue) and a handler (server/jobs/handlers.ts). */
export interface JobPayloads {
  /** A new follower: mail the followee (follow subscription). */
  'mail-follow': { followerId: string; followeeId: string };
  /** A published article: mail its author's followers (article subscription). */
  'mail-article': { entryId: string };
  /** One person's weekly digest for the week starting `week` (YYYY-MM-DD, a Monday in Asia/Shanghai). */
  'mail-week': { userId: string; week: string };
  /** Scheduled weekly: queues one mail-week job per subscriber. */
  'mail-week-plan': { week?: string };
  /** Scheduled daily: drops delivery records past their retention. */
  'mail-cleanup': Record<string, never>;
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES = ['mail-follow', 'mail-article', 'mail-week', 'mail-week-plan', 'mail-cleanup'] as const;

/** Queues jobs; `runner` is the database or the caller's transaction, so a job exists exactly when the change that asked for it commits. */
export interface JobQueue {
  enqueue<N extends JobName>(
    runner: Db | Tx,
    name: N,
    data: JobPayloads[N],
    options?: { startAfter?: Date | number },
  ): Promise<string>;
  /** Many jobs of one queue in one INSERT. */
  enqueueMany<N extends JobName>(runner: Db | Tx, name: N, list: JobPayloads[N][]): Promise<void>;
}

/** pg-boss's SQL (with $1… placeholders) as a Drizzle query, so it runs on the caller's connection or transaction. */
export function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export function drizzleExecutor(runner: Db | Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await runner.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Enqueueing needs no started runner: a pg-boss client that only inserts, through whichever
 * connection or transaction the caller passes (an INSERT, well under a millisecond).
 */
export function createJobQueue(db: Db): JobQueue {
  const boss = new PgBoss({ db: drizzleExecutor(db), schema: JOB_SCHEMA });
  return {
    async enqueue(runner, name, data, options = {}) {
      const id = await boss.send(name, data as object, { ...options, db: drizzleExecutor(runner) });
      // pg-boss answers null when the queue does not exist: a missing migration, never silence.
      if (!id) throw new Error(`job queue ${name} does not exist`);
      return id;
    },
    async enqueueMany(runner, name, list) {
      if (list.length === 0) return;
      await boss.insert(
        list.map((data) => ({ name, data: data as object })),
        { db: drizzleExecutor(runner) },
      );
    },
  };
}
