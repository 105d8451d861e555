import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/** The targets of one type that still exist, by id; an unknown type finds none. */
export async function selectAuditTargets(db: Db, type: string, ids: string[]): Promise<AuditTargetRow[]> {
  if (ids.length === 0) return [];
  switch (type) {
    case 'entry':
      return db.select({ id: entries.id, title: entries.title }).from(entries).where(inArray(entries.id, ids));
    case 'comment':
      return db
        .select({
          id: comments.id,
          title: sql<string>`left(${comments.content}, 60)`,
          parentType: comments.targetType,
          parentId: comments.targetId,
        })
        .from(comments)
        .where(inArray(comments.id, ids));
    case 'pin':
      return db
        .select({ id: pins.id, title: sql<string>`left(${pins.content}, 60)` })
        .from(pins)
        .where(inArray(pins.id, ids));
    case 'repo':
      return db
        .select({ id: repos.id, title: sql<string>`${repos.ownerUsername} || '/' || ${repos.name}` })
        .from(repos)
        .where(inArray(repos.id, ids));
    case 'user':
      return db.select({ id: users.id, title: users.username }).from(users).where(inArray(users.id, ids));
    case 'booklet':
      return db.select({ id: booklets.id, title: booklets.title }).from(booklets).where(inArray(booklets.id, ids));
    case 'booklet_section':
      return db
        .select({
          id: bookletSections.id,
          title: sql<string>`${booklets.title} || ' · ' || ${bookletSections.title}`,
          parentType: sql<string>`'booklet'`,
          parentId: bookletSections.bookletId,
        })
        .from(bookletSections)
        .innerJoin(booklets, eq(booklets.id, bookletSections.bookletId))
        .where(inArray(bookletSections.id, ids));
    case 'event':
      return db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, ids));
    case 'banner':
      return db
        .select({ id: banners.id, title: sql<string>`coalesce(${banners.textList}->>0, '')` })
        .from(banners)
        .where(inArray(banners.id, ids));
    case 'tag':
      return db.select({ id: tags.id, title: tags.title }).from(tags).where(inArray(tags.id, ids));
    case 'withdrawal':
      return db
        .select({
          id: withdrawalApplications.id,
          title: sql<string>`${users.username} || ' 的提现申请'`,
          parentType: sql<string>`'user'`,
          parentId: withdrawalApplications.userId,
        })
        .from(withdrawalApplications)
        .innerJoin(users, eq(users.id, withdrawalApplications.userId))
        .where(inArray(withdrawalApplications.id, ids));
    default:
      return [];
  }
}
