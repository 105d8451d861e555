import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
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
