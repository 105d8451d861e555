import { index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per subscription mail that went out (docs/decisions/015): the job that sends a mail
 * claims its row first, so a mail is sent once even when the same event is queued twice (a
 * follow, an unfollow and a follow again) or a job is retried after a crash. Kept 90 days
 * (the daily cleanup job), longer than any key can come back: follow = the follower's id,
 * article = the entry's id, week = the Monday the digest covers.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    kind: varchar('kind', { length: 8 }).$type<'follow' | 'article' | 'week'>().notNull(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId, t.key] }), index('mail_deliveries_created_idx').on(t.createdAt)],
);
