import { newId } from '@core/ids.ts';
import { PUBLIC_MODERATION_ACTIONS } from '@core/moderation.ts';
import type { Db } from '@db/client.ts';
import type { Ctx, TxCtx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import * as queries from './audit.queries.ts';

/** Who acted: enough of the viewer to record. */
export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditInput {
  actor: AuditActor;
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
export async function audit(ctx: Pick<Ctx, 'db'> | TxCtx, input: AuditInput): Promise<void> {
  await queries.insertAudit(ctx.db, {
    id: newId(),
    actorId: input.actor.id,
    actorName: input.actor.username,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    reason: input.reason ?? '',
    detail: input.detail ?? {},
  });
}

/** What an action was done to, as a reader of the log needs it: its name now (or as recorded) and where it is. */
export interface AuditTarget {
  title: string;
  /** Null when it has no page (everyone) or is gone. */
  href: string | null;
}

export interface AuditRecord {
  id: string;
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  target: AuditTarget;
  reason: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

const GONE = '（已删除）';

/** Where a target is read or managed; a comment is read where it sits, a section in its booklet. */
function targetHref(type: string, id: string, row: queries.AuditTargetRow): string | null {
  switch (type) {
    case 'entry':
      return `/entry/${id}`;
    case 'pin':
      return `/pin/${id}`;
    case 'repo':
      return `/repo/${id}`;
    case 'user':
      return `/user/${id}`;
    case 'booklet':
      return `/book/${id}`;
    case 'booklet_section':
      return `/book/${row.parentId}/section/${id}`;
    case 'comment':
      return row.parentType === 'entry' || row.parentType === 'pin' ? `/${row.parentType}/${row.parentId}` : null;
    case 'tag':
      return `/tag/${encodeURIComponent(row.title)}`;
    case 'event':
      return '/admin/events';
    case 'banner':
      return '/admin/banners';
    case 'withdrawal':
      return '/admin/withdrawals';
    default:
      return null;
  }
}

/** A target no longer there keeps the name its record wrote down (an event's title, a banner's first line). */
function recordedTitle(detail: Record<string, unknown>): string {
  const named = [detail.title, detail.fullName, Array.isArray(detail.textList) ? detail.textList[0] : undefined];
  const found = named.find((value): value is string => typeof value === 'string' && value !== '');
  return found ?? GONE;
}

/** The targets of a page of records, one query a target type. */
async function describeTargets(
  db: Db,
  rows: Array<{ targetType: string; targetId: string; detail: Record<string, unknown> }>,
): Promise<AuditTarget[]> {
  const found = new Map<string, queries.AuditTargetRow>();
  const types = [...new Set(rows.map((r) => r.targetType))];
  await Promise.all(
    types.map(async (type) => {
      const ids = [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
      for (const row of await queries.selectAuditTargets(db, type, ids)) found.set(`${type}:${row.id}`, row);
    }),
  );
  return rows.map(({ targetType, targetId, detail }) => {
    if (targetType === 'everyone') return { title: '所有人', href: null };
    const row = found.get(`${targetType}:${targetId}`);
    if (!row) return { title: recordedTitle(detail), href: null };
    return { title: row.title || recordedTitle(detail), href: targetHref(targetType, targetId, row) };
  });
}

/** One page of the audit log, newest first (administrators; the route checks the role). */
export async function listAudit(
  ctx: Pick<Ctx, 'db'>,
  input: { pointer?: string; limit: number; action?: string; targetType?: string; targetId?: string },
): Promise<{ list: AuditRecord[]; pointer: string | null }> {
  const rows = await queries.selectAuditPage(ctx.db, {
    cursor: readPointer(input.pointer),
    limit: input.limit,
    actions: input.action ? [input.action] : undefined,
    targetType: input.targetType,
    targetId: input.targetId,
  });
  const targets = await describeTargets(ctx.db, rows);
  return {
    list: rows.map((row, i) => ({ ...row, target: targets[i], createdAt: row.createdAt.toISOString() })),
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
  ctx: Pick<Ctx, 'db'>,
  input: { pointer?: string; limit: number },
): Promise<{ list: PublicModerationRecord[]; pointer: string | null }> {
  const rows = await queries.selectAuditPage(ctx.db, {
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
