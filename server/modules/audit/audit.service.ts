import { newId } from '@core/ids.ts';
import { PUBLIC_MODERATION_ACTIONS } from '@core/moderation.ts';
import type { Db } from '@db/client.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import * as queries from './audit.queries.ts';

/** Who acted: enough of the viewer to record. */
export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditInput {
  /** A verb from AUDIT_ACTION_LABELS (core/moderation.ts), e.g. hide, restore, suspend. */
  action: string;
  targetType: string;
  targetId: string;
  reason?: string;
  /** Anything else worth keeping (old and new role, end date…). */
  detail?: Record<string, unknown>;
}

/**
 * Records an administrator's action. Call it with the transaction that performs the action, so
 * the action and its record commit (or fail) together. The log is append-only: there is no
 * update or delete here, and the database refuses both (migration 0008's trigger).
 */
export async function audit(tx: Db, actor: AuditActor, input: AuditInput): Promise<void> {
  await queries.insertAudit(tx, {
    id: newId(),
    actorId: actor.id,
    actorName: actor.username,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason ?? '',
    detail: input.detail ?? {},
  });
}

export interface AuditRecord {
  id: string;
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

/** One page of the audit log, newest first (administrators; the route checks the role). */
export async function listAudit(
  db: Db,
  input: { pointer?: string; limit: number; action?: string; targetType?: string; targetId?: string },
): Promise<{ list: AuditRecord[]; pointer: string | null }> {
  const rows = await queries.selectAuditPage(db, {
    cursor: readPointer(input.pointer),
    limit: input.limit,
    actions: input.action ? [input.action] : undefined,
    targetType: input.targetType,
    targetId: input.targetId,
  });
  return {
    list: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    pointer: nextPointer(rows, input.limit, (row) => [row.createdAt, row.id]),
  };
}

export interface PublicModerationRecord {
  id: string;
  action: string;
  targetType: string;
  reason: string;
  createdAt: string;
}

/**
 * The public /moderation log: hidden and restored, the reason, the content type and the date.
 * No person is named: neither the moderator nor the author, nor the content's id.
 */
export async function listPublicModeration(
  db: Db,
  input: { pointer?: string; limit: number },
): Promise<{ list: PublicModerationRecord[]; pointer: string | null }> {
  const rows = await queries.selectAuditPage(db, {
    cursor: readPointer(input.pointer),
    limit: input.limit,
    actions: PUBLIC_MODERATION_ACTIONS,
  });
  return {
    list: rows.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.targetType,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    pointer: nextPointer(rows, input.limit, (row) => [row.createdAt, row.id]),
  };
}
