import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { HideableTarget, ModerationTarget } from '@core/moderation.ts';
import type { Db, Tx } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { reports, type ReportStatus } from '@db/schema/moderation.ts';
import { repos } from '@db/schema/repos.ts';
import { comments, pins } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';

const HIDEABLE = { entry: entries, comment: comments, pin: pins } as const;

/** A repo as the queue and the reporter's notification name it: owner/name. */
const repoPreview = sql<string>`${repos.ownerUsername} || '/' || ${repos.name}`;

/** A piece of content as moderation reads it: its author, hidden state and a line to show. */
export interface ContentRow {
  id: string;
  userId: string | null;
  hiddenAt: Date | null;
  hiddenReason: string;
  preview: string;
  createdAt: Date;
}

function previewOf(type: HideableTarget): SQL<string> {
  if (type === 'entry') return sql<string>`${entries.title}`;
  if (type === 'comment') return sql<string>`left(${comments.content}, 80)`;
  return sql<string>`left(${pins.content}, 80)`;
}

function columnsOf(type: HideableTarget) {
  const table = HIDEABLE[type];
  return {
    id: table.id,
    userId: table.userId,
    hiddenAt: table.hiddenAt,
    hiddenReason: table.hiddenReason,
    preview: previewOf(type),
    createdAt: table.createdAt,
  };
}

/** The content row, locked for the change when `lock` (a deleted comment counts as missing). */
export async function selectContent(
  db: Db | Tx,
  type: HideableTarget,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ContentRow | null> {
  const table = HIDEABLE[type];
  const where = type === 'comment' ? and(eq(comments.id, id), eq(comments.deleted, false)) : eq(table.id, id);
  const query = db.select(columnsOf(type)).from(table).where(where).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function setHidden(tx: Tx, type: HideableTarget, id: string, reason: string | null) {
  const table = HIDEABLE[type];
  await tx
    .update(table)
    .set(reason === null ? { hiddenAt: null, hiddenReason: '' } : { hiddenAt: sql`now()`, hiddenReason: reason })
    .where(eq(table.id, id));
}

/** Whether a report target exists (repos and people too), and whose it is and what to call it. */
export async function selectTarget(
  db: Db | Tx,
  type: ModerationTarget,
  id: string,
): Promise<{ userId: string | null; preview: string; hiddenAt: Date | null } | null> {
  if (type === 'repo') {
    const [row] = await db.select({ preview: repoPreview }).from(repos).where(eq(repos.id, id)).limit(1);
    return row ? { userId: null, preview: row.preview, hiddenAt: null } : null;
  }
  if (type === 'user') {
    const [row] = await db.select({ userId: users.id, preview: users.username }).from(users).where(eq(users.id, id));
    return row ? { ...row, hiddenAt: null } : null;
  }
  const row = await selectContent(db, type, id);
  return row ? { userId: row.userId, preview: row.preview, hiddenAt: row.hiddenAt } : null;
}

export interface ContentPageQuery {
  type: HideableTarget;
  state: 'all' | 'visible' | 'hidden';
  authorId?: string;
  from?: Date;
  to?: Date;
  q?: string;
  cursor: Cursor | null;
  limit: number;
}

/** The console's content list, newest first, keyset by (created_at, id). */
export async function selectContentPage(db: Db, query: ContentPageQuery) {
  const table = HIDEABLE[query.type];
  const where: (SQL | undefined)[] = [keysetBefore(table.createdAt, table.id, query.cursor)];
  if (query.type === 'comment') where.push(eq(comments.deleted, false));
  if (query.state === 'hidden') where.push(isNotNull(table.hiddenAt));
  if (query.state === 'visible') where.push(isNull(table.hiddenAt));
  if (query.authorId) where.push(eq(table.userId, query.authorId));
  if (query.from) where.push(gte(table.createdAt, query.from));
  if (query.to) where.push(lt(table.createdAt, query.to));
  if (query.q) {
    const text = query.type === 'entry' ? entries.title : query.type === 'comment' ? comments.content : pins.content;
    where.push(ilike(text, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  const hot = query.type === 'entry' ? sql<boolean>`${entries.hot}` : sql<boolean>`false`;
  return db
    .select({ ...columnsOf(query.type), hot, authorName: users.username })
    .from(table)
    .leftJoin(users, eq(users.id, table.userId))
    .where(and(...where))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(query.limit);
}

export async function selectUserIdByName(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row?.id ?? null;
}

export async function insertReport(tx: Db | Tx, values: typeof reports.$inferInsert) {
  await tx.insert(reports).values(values);
}

/** An open report by this person on this target, of this kind. */
export async function hasOpenReport(
  db: Db | Tx,
  q: { kind: 'report' | 'appeal'; reporterId: string; targetType: string; targetId: string },
) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.kind, q.kind),
        eq(reports.reporterId, q.reporterId),
        eq(reports.targetType, q.targetType as ModerationTarget),
        eq(reports.targetId, q.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the author already appealed since the content was hidden (one appeal per hiding). */
export async function hasAppealSince(db: Db | Tx, targetType: HideableTarget, targetId: string, since: Date) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.kind, 'appeal'),
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        gte(reports.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Closes the open reports (or appeals) on a target; answers who filed them. */
export async function closeOpenReports(
  tx: Tx,
  q: { kind: 'report' | 'appeal'; targetType: string; targetId: string; status: ReportStatus; by: string },
) {
  return tx
    .update(reports)
    .set({ status: q.status, resolvedBy: q.by, resolvedAt: sql`now()` })
    .where(
      and(
        eq(reports.kind, q.kind),
        eq(reports.targetType, q.targetType as ModerationTarget),
        eq(reports.targetId, q.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

export async function selectReport(tx: Db | Tx, id: string) {
  const [row] = await tx
    .select({
      id: reports.id,
      kind: reports.kind,
      targetType: reports.targetType,
      targetId: reports.targetId,
      status: reports.status,
      reason: reports.reason,
      reporterId: reports.reporterId,
    })
    .from(reports)
    .where(eq(reports.id, id))
    .limit(1);
  return row ?? null;
}

/** The queue, newest first (reports_status_created_idx). */
export async function selectReportPage(
  db: Db,
  q: {
    status: ReportStatus;
    kind?: 'report' | 'appeal';
    targetType?: ModerationTarget;
    cursor: Cursor | null;
    limit: number;
  },
) {
  const where: (SQL | undefined)[] = [
    eq(reports.status, q.status),
    keysetBefore(reports.createdAt, reports.id, q.cursor),
  ];
  if (q.kind) where.push(eq(reports.kind, q.kind));
  if (q.targetType) where.push(eq(reports.targetType, q.targetType));
  return db
    .select({
      id: reports.id,
      kind: reports.kind,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      text: reports.text,
      status: reports.status,
      reporterId: reports.reporterId,
      reporterName: users.username,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(and(...where))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(q.limit);
}

/** Previews of several targets of one type, for the queue. */
export async function selectPreviews(db: Db, type: ModerationTarget, ids: string[]) {
  if (ids.length === 0) return [];
  if (type === 'repo')
    return db.select({ id: repos.id, preview: repoPreview }).from(repos).where(inArray(repos.id, ids));
  if (type === 'user')
    return db.select({ id: users.id, preview: users.username }).from(users).where(inArray(users.id, ids));
  const table = HIDEABLE[type];
  return db
    .select({ id: table.id, preview: previewOf(type), hiddenAt: table.hiddenAt, hiddenReason: table.hiddenReason })
    .from(table)
    .where(inArray(table.id, ids));
}

/** Where a comment sits (its entry or pin), to link to it. */
export async function selectCommentTargets(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: comments.id, targetType: comments.targetType, targetId: comments.targetId })
    .from(comments)
    .where(inArray(comments.id, ids));
}
