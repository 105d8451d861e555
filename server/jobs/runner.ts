import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '@db/client.ts';
import { JOB_NAMES, JOB_SCHEMA, type JobName, type JobPayloads } from './queue.ts';

/** Jobs a worker takes per fetch. */
const JOB_BATCH = 10;

export type JobHandlers = {
  [N in JobName]: (data: JobPayloads[N], job: { id: string; retryCount: number }) => Promise<void>;
};

/** Cron schedules (pg-boss fires each once across all instances). */
export interface JobSchedule {
  name: JobName;
  cron: string;
  tz: string;
}

export interface JobRunnerOptions {
  database: Database;
  logger: Logger;
  handlers: JobHandlers;
  schedules?: JobSchedule[];
  /** How often an idle worker asks for work (seconds; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

export interface JobRunner {
  start(): Promise<void>;
  /**
   * Stops fetching, waits up to `timeoutMs` for jobs in hand, then gives back those still
   * running (pg-boss marks them failed, so they run again on the next start or on another
   * instance).
   */
  stop(timeoutMs: number): Promise<void>;
  /** Tests: how many jobs this runner has finished. */
  readonly completed: number;
}

/**
 * The background workers (docs/decisions/015-job-runner.md): pg-boss over the app's own database,
 * PostgreSQL or PGlite alike, through Database.executeSql. Each job is fetched with
 * FOR UPDATE SKIP LOCKED, so with several instances every job runs on one of them; jobs live in
 * tables, so they survive restarts.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    // Maintenance (expiry, archiving) and cron run on one instance at a time, by pg-boss's own locks.
    supervise: true,
    schedule: (options.schedules?.length ?? 0) > 0,
    // Finished jobs are archived after a day and deleted after a week.
    archiveCompletedAfterSeconds: 86_400,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));
  let completed = 0;
  let started = false;
  return {
    get completed() {
      return completed;
    },
    async start() {
      await boss.start();
      started = true;
      for (const name of JOB_NAMES) {
        const handler = options.handlers[name] as (
          data: unknown,
          job: { id: string; retryCount: number },
        ) => Promise<void>;
        let workerId = '';
        workerId = await boss.work(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: JOB_BATCH, includeMetadata: true },
          async (jobs) => {
            // One at a time; a failure fails that job only (retried later), the others complete.
            for (const job of jobs) {
              try {
                await handler(job.data, { id: job.id, retryCount: job.retryCount });
                completed++;
              } catch (error) {
                logger.warn({ err: error, job: job.id, queue: name, retry: job.retryCount }, 'job failed');
                await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
              }
            }
            // A full batch: there may be more waiting, so fetch again without the polling pause.
            if (jobs.length === JOB_BATCH) boss.notifyWorker(workerId);
          },
        );
      }
      for (const schedule of options.schedules ?? []) {
        await boss.schedule(schedule.name, schedule.cron, {}, { tz: schedule.tz });
      }
    },
    async stop(timeoutMs) {
      if (!started) return;
      started = false;
      const stopped = new Promise<void>((resolve) => boss.once('stopped', () => resolve()));
      await boss.stop({ graceful: true, timeout: Math.max(timeoutMs, 1000), close: false });
      await stopped;
    },
  };
}
