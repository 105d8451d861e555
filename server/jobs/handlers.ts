import type { Logger } from 'pino';
import type { Database } from '@db/client.ts';
import type { Adapters } from '../adapters/index.ts';
import type { Env } from '../env.ts';
import {
  cleanupDeliveries,
  planWeeklyDigest,
  sendArticleMails,
  sendFollowMail,
  sendWeeklyDigest,
} from '../modules/mailings/mailings.service.ts';
import type { JobHandlers, JobSchedule } from './runner.ts';

/** What each queue does (server/jobs/queue.ts names them). */
export function mailJobHandlers(options: {
  database: Database;
  env: Env;
  adapters: Pick<Adapters, 'mailer' | 'jobs'>;
  logger: Logger;
}): JobHandlers {
  const ctx = { db: options.database.db, env: options.env, mailer: options.adapters.mailer };
  return {
    'mail-follow': async (data) => {
      await sendFollowMail(ctx, data);
    },
    'mail-article': async (data) => {
      await sendArticleMails(ctx, data);
    },
    'mail-week': async (data) => {
      await sendWeeklyDigest(ctx, data);
    },
    'mail-week-plan': async (data) => {
      const planned = await planWeeklyDigest({ ...ctx, jobs: options.adapters.jobs }, data);
      options.logger.info(planned, 'weekly digest queued');
    },
    'mail-cleanup': async () => {
      const removed = await cleanupDeliveries(ctx);
      options.logger.info({ removed }, 'old mail delivery records removed');
    },
  };
}

/** Times are Beijing time: the digest goes out on Monday morning, the cleanup at night. */
export const MAIL_SCHEDULES: JobSchedule[] = [
  { name: 'mail-week-plan', cron: '0 9 * * 1', tz: 'Asia/Shanghai' },
  { name: 'mail-cleanup', cron: '30 3 * * *', tz: 'Asia/Shanghai' },
];
