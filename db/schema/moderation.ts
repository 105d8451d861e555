import { index, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, idColumn, timestampColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * Every administrator (and editor) action: who, what, target, reason, when. Append-only: the
 * audit service only inserts, and the migration's trigger refuses UPDATE and DELETE. The actor is
 * kept by id and name (no foreign key), so the record outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn().primaryKey(),
    actorId: idColumn('actor_id').notNull(),
    actorName: varchar('actor_name', { length: 20 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    reason: text('reason').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc().nullsFirst()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** What can be reported (举报) and what an author can appeal. */
export const reportTargetTypes = ['entry', 'comment', 'pin', 'repo', 'user'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportKinds = ['report', 'appeal'] as const;
export const reportStatuses = ['open', 'hidden', 'dismissed', 'restored', 'upheld'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Reports from readers and appeals from authors: one queue for the administrators. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn().primaryKey(),
    kind: varchar('kind', { length: 8 }).$type<(typeof reportKinds)[number]>().notNull().default('report'),
    reporterId: idColumn('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: varchar('target_type', { length: 8 }).$type<ReportTargetType>().notNull(),
    targetId: idColumn('target_id').notNull(),
    /** One of REPORT_REASONS (core/moderation.ts); 'appeal' for appeals. */
    reason: varchar('reason', { length: 16 }).notNull(),
    text: varchar('text', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 12 }).$type<ReportStatus>().notNull().default('open'),
    resolvedBy: idColumn('resolved_by'),
    resolvedAt: timestampColumn('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_target_idx').on(t.targetType, t.targetId),
    uniqueIndex('reports_open_once_uq')
      .on(t.kind, t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);
