import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@db/client.ts';
import { bookletSections, booklets, events, withdrawalApplications } from '@db/schema/commerce.ts';
import { banners, entries, tags } from '@db/schema/content.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { repos } from '@db/schema/repos.ts';
import { comments, pins } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';

export async function insertAudit(db: Db, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

/** Newest first, keyset by (created_at, id) (audit_log_created_idx / audit_log_action_created_idx). */
export async function selectAuditPage(
  db: Db,
  q: { cursor: Cursor | null; limit: number; actions?: readonly string[]; targetType?: string; targetId?: string },
) {
  const conditions: (SQL | undefined)[] = [keysetBefore(auditLog.createdAt, auditLog.id, q.cursor)];
  if (q.actions?.length) conditions.push(inArray(auditLog.action, [...q.actions]));
  if (q.targetType) conditions.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) conditions.push(eq(auditLog.targetId, q.targetId));
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      reason: auditLog.reason,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit);
}

/** What an audit row's target is called now, and what its link needs (a comment's place, a section's booklet). */
export interface AuditTargetRow {
  id: string;
  title: string;
  /** A comment's entry or pin, a section's booklet, a withdrawal's applicant. */
  parentType?: string;
  parentId?: string;
}

/** Where the targets of one type live: their table, what names them, and a parent where the link needs one. */
interface AuditTargetSource {
  table: PgTable;
  id: AnyPgColumn;
  title: SQL<string> | AnyPgColumn;
  parent?: { type: SQL<string> | AnyPgColumn; id: AnyPgColumn };
  /** A second table the title or parent is read from. */
  join?: { table: PgTable; on: SQL };
}

const AUDIT_TARGETS = new Map<string, AuditTargetSource>([
  ['entry', { table: entries, id: entries.id, title: entries.title }],
  [
    'comment',
    {
      table: comments,
      id: comments.id,
      title: sql<string>`left(${comments.content}, 60)`,
      parent: { type: comments.targetType, id: comments.targetId },
    },
  ],
  ['pin', { table: pins, id: pins.id, title: sql<string>`left(${pins.content}, 60)` }],
  ['repo', { table: repos, id: repos.id, title: sql<string>`${repos.ownerUsername} || '/' || ${repos.name}` }],
  ['user', { table: users, id: users.id, title: users.username }],
  ['booklet', { table: booklets, id: booklets.id, title: booklets.title }],
  [
    'booklet_section',
    {
      table: bookletSections,
      id: bookletSections.id,
      title: sql<string>`${booklets.title} || ' · ' || ${bookletSections.title}`,
      parent: { type: sql<string>`'booklet'`, id: bookletSections.bookletId },
      join: { table: booklets, on: eq(booklets.id, bookletSections.bookletId) },
    },
  ],
  ['event', { table: events, id: events.id, title: events.title }],
  ['banner', { table: banners, id: banners.id, title: sql<string>`coalesce(${banners.textList}->>0, '')` }],
  ['tag', { table: tags, id: tags.id, title: tags.title }],
  [
    'withdrawal',
    {
      table: withdrawalApplications,
      id: withdrawalApplications.id,
      title: sql<string>`${users.username} || ' 的提现申请'`,
      parent: { type: sql<string>`'user'`, id: withdrawalApplications.userId },
      join: { table: users, on: eq(users.id, withdrawalApplications.userId) },
    },
  ],
]);

/** The targets of one type that still exist, by id; an unknown type finds none. */
export async function selectAuditTargets(db: Db, type: string, ids: string[]): Promise<AuditTargetRow[]> {
  const source = AUDIT_TARGETS.get(type);
  if (!source || ids.length === 0) return [];
  const columns = {
    id: source.id,
    title: source.title,
    ...(source.parent ? { parentType: source.parent.type, parentId: source.parent.id } : {}),
  };
  const query = db.select(columns).from(source.table).$dynamic();
  const joined = source.join ? query.innerJoin(source.join.table, source.join.on) : query;
  return (await joined.where(inArray(source.id, ids))) as AuditTargetRow[];
}
