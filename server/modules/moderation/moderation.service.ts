import { newId } from '@core/ids.ts';
import {
  type HideableTarget,
  HIDEABLE_TARGETS,
  MODERATION_MESSAGES,
  MODERATION_TARGETS,
  type ModerationTarget,
  REPORT_REASONS,
  type ReportReason,
} from '@core/moderation.ts';
import { isAuthorOrAdmin } from '@core/permissions.ts';
import type { Db, Tx } from '@db/client.ts';
import type { ReportStatus } from '@db/schema/moderation.ts';
import { publishChange } from '../../adapters/changes.ts';
import type { Ctx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { moveCollectedEntryVisibility } from '../collections/collections.service.ts';
import { moveEntryVisibility } from '../entries/entries.service.ts';
import { movePinVisibility } from '../pins/pins.service.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { sendSystemNotice } from '../notifications/notifications.service.ts';
import * as queries from './moderation.queries.ts';
import { canHide, canReview } from './moderation.policy.ts';

/** What the moderation use cases need: the database and the moderator, reporter or author. */
type ModerationCtx = Pick<Ctx, 'db' | 'viewer'>;

const NOT_FOUND: Record<ModerationTarget, string> = {
  entry: '此文章不存在',
  comment: '评论不存在',
  pin: '沸点不存在',
  repo: '开源库不存在',
  user: '此用户不存在',
};

export function isHideable(type: string): type is HideableTarget {
  return (HIDEABLE_TARGETS as readonly string[]).includes(type);
}

function requireModerator(viewer: Viewer | null, allowEditor: boolean): Viewer {
  const signedIn = requireViewer(viewer);
  if (!(allowEditor ? canHide(signedIn) : canReview(signedIn))) throw forbidden('Forbidden');
  return signedIn;
}

function cleanReason(reason: string | undefined, required: boolean): string {
  const text = (reason ?? '').trim();
  if (required && !text) throw badRequest(MODERATION_MESSAGES.reasonRequired);
  if (text.length > 200) throw badRequest(MODERATION_MESSAGES.reasonTooLong);
  return text;
}

function quote(preview: string): string {
  const text = preview.replace(/\s+/g, ' ').trim();
  return `「${text.length > 30 ? `${text.slice(0, 30)}…` : text}」`;
}

async function notifyPeople(tx: Tx, userIds: Array<string | null>, content: string) {
  for (const userId of new Set(userIds.filter((id): id is string => Boolean(id)))) {
    await sendSystemNotice({ db: tx }, { input: { content, userId } });
  }
}

/** The public counters count visible content only: they move in the hide or restore transaction. */
async function moveVisibility(tx: Tx, type: HideableTarget, id: string, delta: 1 | -1) {
  if (type === 'entry') {
    await moveEntryVisibility({ db: tx }, { entryId: id, delta });
    await moveCollectedEntryVisibility({ db: tx }, { entryId: id, delta });
  }
  if (type === 'pin') await movePinVisibility({ db: tx }, { pinId: id, delta });
}

async function contentChanged(db: Db, type: HideableTarget, id: string, userId: string | null) {
  await publishChange(db, { kind: 'content', what: type, userId: userId ?? '', id });
}

/**
 * Hides an entry, comment or pin with a reason, in one transaction: the hidden mark, the audit
 * record, the open reports on it closed as hidden with each reporter told, and the author told
 * why and that they may appeal once.
 */
export async function hideContent(
  ctx: ModerationCtx,
  input: { targetType: HideableTarget; targetId: string; reason: string },
): Promise<{ hidden: true }> {
  const viewer = requireModerator(ctx.viewer, true);
  const reason = cleanReason(input.reason, true);
  const label = MODERATION_TARGETS[input.targetType];
  const row = await ctx.db.transaction(async (tx) => {
    const content = await queries.selectContent(tx, input.targetType, input.targetId, { lock: true });
    if (!content) throw notFound(NOT_FOUND[input.targetType]);
    if (content.hiddenAt) throw badRequest(MODERATION_MESSAGES.alreadyHidden);
    await queries.setHidden(tx, input.targetType, input.targetId, reason);
    await moveVisibility(tx, input.targetType, input.targetId, -1);
    await audit(
      { db: tx },
      { actor: viewer, action: 'hide', targetType: input.targetType, targetId: input.targetId, reason },
    );
    const reporters = await queries.closeOpenReports(tx, {
      kind: 'report',
      targetType: input.targetType,
      targetId: input.targetId,
      status: 'hidden',
      by: viewer.id,
    });
    await notifyPeople(
      tx,
      reporters.map((r) => r.reporterId),
      `你举报的${label}${quote(content.preview)}已被隐藏，感谢你为社区所做的贡献。`,
    );
    if (content.userId && content.userId !== viewer.id) {
      await notifyPeople(
        tx,
        [content.userId],
        `你的${label}${quote(content.preview)}已被管理员隐藏，原因：${reason}。你可以在内容页面提出一次申诉。`,
      );
    }
    return content;
  });
  await contentChanged(ctx.db, input.targetType, input.targetId, row.userId);
  return { hidden: true };
}

/** Restores hidden content (administrators): audited; open appeals on it close as restored; the author is told. */
export async function restoreContent(
  ctx: ModerationCtx,
  input: { targetType: HideableTarget; targetId: string; reason?: string },
): Promise<{ hidden: false }> {
  const viewer = requireModerator(ctx.viewer, false);
  const reason = cleanReason(input.reason, false);
  const label = MODERATION_TARGETS[input.targetType];
  const row = await ctx.db.transaction(async (tx) => {
    const content = await queries.selectContent(tx, input.targetType, input.targetId, { lock: true });
    if (!content) throw notFound(NOT_FOUND[input.targetType]);
    if (!content.hiddenAt) throw badRequest(MODERATION_MESSAGES.notHidden);
    await queries.setHidden(tx, input.targetType, input.targetId, null);
    await moveVisibility(tx, input.targetType, input.targetId, 1);
    await audit(
      { db: tx },
      { actor: viewer, action: 'restore', targetType: input.targetType, targetId: input.targetId, reason },
    );
    await queries.closeOpenReports(tx, {
      kind: 'appeal',
      targetType: input.targetType,
      targetId: input.targetId,
      status: 'restored',
      by: viewer.id,
    });
    await notifyPeople(tx, [content.userId], `你的${label}${quote(content.preview)}已恢复显示。`);
    return content;
  });
  await contentChanged(ctx.db, input.targetType, input.targetId, row.userId);
  return { hidden: false };
}

/**
 * 举报: a signed-in reader reports an entry, comment, pin, repo or person with a reason from the
 * list and a text (POST /api/moderation/report; the repos module's /report_repo comes here too).
 * Not one's own content or oneself; once while one's report on it is open.
 */
export async function reportTarget(
  ctx: ModerationCtx,
  input: { targetType: ModerationTarget; targetId: string; reason: ReportReason; text?: string },
): Promise<{ reported: true }> {
  const viewer = requireViewer(ctx.viewer);
  if (!(input.reason in REPORT_REASONS)) throw badRequest(MODERATION_MESSAGES.reportReasonRequired);
  const text = (input.text ?? '').trim();
  if (text.length > 500) throw badRequest(MODERATION_MESSAGES.reportTextTooLong);
  await ctx.db.transaction(async (tx) => {
    const target = await queries.selectTarget(tx, input.targetType, input.targetId);
    if (!target) throw notFound(NOT_FOUND[input.targetType]);
    if (target.userId === viewer.id) {
      throw badRequest(input.targetType === 'user' ? MODERATION_MESSAGES.reportSelf : MODERATION_MESSAGES.reportOwn);
    }
    // Already hidden: nothing left for the queue (others no longer see it).
    if (target.hiddenAt) throw badRequest(MODERATION_MESSAGES.alreadyHidden);
    const key = { kind: 'report' as const, reporterId: viewer.id, ...input };
    if (await queries.hasOpenReport(tx, key)) throw badRequest(MODERATION_MESSAGES.alreadyReported);
    try {
      await queries.insertReport(tx, {
        id: newId(),
        kind: 'report',
        reporterId: viewer.id,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        text,
      });
    } catch {
      // Two reports at once: the open-report index keeps one.
      throw badRequest(MODERATION_MESSAGES.alreadyReported);
    }
  });
  return { reported: true };
}

/** The author appeals hidden content once per hiding, with a text; the appeal joins the queue. */
export async function appealHidden(
  ctx: ModerationCtx,
  input: { targetType: HideableTarget; targetId: string; text: string },
): Promise<{ appealed: true }> {
  const viewer = requireViewer(ctx.viewer);
  const text = input.text.trim();
  if (!text) throw badRequest(MODERATION_MESSAGES.appealTextRequired);
  if (text.length > 500) throw badRequest(MODERATION_MESSAGES.appealTextTooLong);
  await ctx.db.transaction(async (tx) => {
    const content = await queries.selectContent(tx, input.targetType, input.targetId, { lock: true });
    if (!content) throw notFound(NOT_FOUND[input.targetType]);
    if (content.userId !== viewer.id) throw forbidden(MODERATION_MESSAGES.notYours);
    if (!content.hiddenAt) throw badRequest(MODERATION_MESSAGES.notHidden);
    if (await queries.hasAppealSince(tx, input.targetType, input.targetId, content.hiddenAt)) {
      throw badRequest(MODERATION_MESSAGES.appealOnce);
    }
    await queries.insertReport(tx, {
      id: newId(),
      kind: 'appeal',
      reporterId: viewer.id,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: 'appeal',
      text,
    });
  });
  return { appealed: true };
}

/** What the author (or an administrator) is shown about hidden content: the reason and the appeal state. */
export interface ModerationState {
  hidden: boolean;
  reason: string;
  hiddenAt: string | null;
  /** The author may still appeal (hidden, theirs, not yet appealed since it was hidden). */
  canAppeal: boolean;
  appealed: boolean;
}

export async function getModerationState(
  ctx: ModerationCtx,
  input: { targetType: HideableTarget; targetId: string },
): Promise<ModerationState | null> {
  const { db, viewer } = ctx;
  const { targetType, targetId } = input;
  const content = await queries.selectContent(db, targetType, targetId);
  if (!content?.hiddenAt || !isAuthorOrAdmin(viewer, content.userId)) return null;
  const appealed = await queries.hasAppealSince(db, targetType, targetId, content.hiddenAt);
  return {
    hidden: true,
    reason: content.hiddenReason,
    hiddenAt: content.hiddenAt.toISOString(),
    canAppeal: !appealed && viewer?.id === content.userId,
    appealed,
  };
}

export interface ReportView {
  id: string;
  kind: 'report' | 'appeal';
  targetType: ModerationTarget;
  targetId: string;
  /** Where the target is read: an entry, a pin, a comment's entry or pin, a repo, a profile. */
  targetHref: string;
  preview: string;
  hidden: boolean;
  hiddenReason: string;
  reason: string;
  reasonLabel: string;
  text: string;
  status: ReportStatus;
  reporterId: string | null;
  reporterName: string;
  createdAt: string;
}

function hrefOf(type: ModerationTarget, id: string, commentTarget?: { targetType: string; targetId: string }) {
  if (type === 'entry') return `/entry/${id}`;
  if (type === 'pin') return `/pin/${id}`;
  if (type === 'repo') return `/repo/${id}`;
  if (type === 'user') return `/user/${id}`;
  if (commentTarget?.targetType === 'pin') return `/pin/${commentTarget.targetId}`;
  if (commentTarget?.targetType === 'entry') return `/entry/${commentTarget.targetId}`;
  return '/';
}

/** The queue (administrators): reports and appeals of a status (and of a target type), newest first, by pointer. */
export async function listReports(
  ctx: ModerationCtx,
  input: {
    status?: ReportStatus;
    kind?: 'report' | 'appeal';
    targetType?: ModerationTarget;
    pointer?: string;
    limit?: number;
  },
): Promise<{ list: ReportView[]; pointer: string | null }> {
  requireModerator(ctx.viewer, false);
  const limit = input.limit ?? 20;
  const rows = await queries.selectReportPage(ctx.db, {
    status: input.status ?? 'open',
    kind: input.kind,
    targetType: input.targetType,
    cursor: readPointer(input.pointer),
    limit,
  });
  const previews = new Map<string, { preview: string; hiddenAt?: Date | null; hiddenReason?: string }>();
  const types = [...new Set(rows.map((r) => r.targetType))];
  await Promise.all(
    types.map(async (type) => {
      const found = await queries.selectPreviews(
        ctx.db,
        type,
        rows.filter((r) => r.targetType === type).map((r) => r.targetId),
      );
      for (const p of found) previews.set(`${type}:${p.id}`, p);
    }),
  );
  const commentTargets = new Map(
    (
      await queries.selectCommentTargets(
        ctx.db,
        rows.filter((r) => r.targetType === 'comment').map((r) => r.targetId),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    list: rows.map((row) => {
      const p = previews.get(`${row.targetType}:${row.targetId}`);
      return {
        id: row.id,
        kind: row.kind,
        targetType: row.targetType,
        targetId: row.targetId,
        targetHref: hrefOf(row.targetType, row.targetId, commentTargets.get(row.targetId)),
        preview: p?.preview ?? '（已删除）',
        hidden: Boolean(p?.hiddenAt),
        hiddenReason: p?.hiddenReason ?? '',
        reason: row.reason,
        reasonLabel: row.kind === 'appeal' ? '申诉' : (REPORT_REASONS[row.reason as ReportReason] ?? row.reason),
        text: row.text,
        status: row.status,
        reporterId: row.reporterId,
        reporterName: row.reporterName ?? '',
        createdAt: row.createdAt.toISOString(),
      };
    }),
    pointer: nextPointer(rows, limit, (row) => [row.createdAt, row.id]),
  };
}

export type ResolveAction = 'hide' | 'dismiss' | 'restore' | 'uphold';

/**
 * Resolves a report or an appeal (administrators). A report: hide the content (every open report
 * on it closes as hidden, reporters told) or dismiss (its reporters told nothing was wrong); for a
 * repo or a person, `uphold` marks it handled. An appeal: restore the content, or uphold the hiding.
 */
export async function resolveReport(
  ctx: ModerationCtx,
  input: { reportId: string; action: ResolveAction; reason?: string },
): Promise<{ status: ReportStatus }> {
  const viewer = requireModerator(ctx.viewer, false);
  const report = await queries.selectReport(ctx.db, input.reportId);
  if (!report) throw notFound('举报不存在');
  if (report.status !== 'open') throw badRequest('该举报已处理');
  const label = MODERATION_TARGETS[report.targetType];
  const hideable = isHideable(report.targetType) ? report.targetType : null;
  if (report.kind === 'appeal') {
    if (!hideable) throw badRequest('该申诉无法处理');
    if (input.action === 'restore') {
      await restoreContent(ctx, { targetType: hideable, targetId: report.targetId, reason: input.reason });
      return { status: 'restored' };
    }
    if (input.action !== 'uphold') throw badRequest('申诉只能恢复或维持隐藏');
    const reason = cleanReason(input.reason, false);
    await ctx.db.transaction(async (tx) => {
      const closed = await queries.closeOpenReports(tx, {
        kind: 'appeal',
        targetType: report.targetType,
        targetId: report.targetId,
        status: 'upheld',
        by: viewer.id,
      });
      if (closed.length === 0) throw badRequest('该举报已处理');
      await audit(
        { db: tx },
        {
          actor: viewer,
          action: 'reject_appeal',
          targetType: report.targetType,
          targetId: report.targetId,
          reason,
        },
      );
      await notifyPeople(
        tx,
        closed.map((r) => r.reporterId),
        `你对${label}的申诉经复核未通过，内容将继续隐藏${reason ? `，说明：${reason}` : ''}。`,
      );
    });
    return { status: 'upheld' };
  }
  if (input.action === 'hide') {
    if (!hideable) throw badRequest('该内容无法隐藏');
    await hideContent(ctx, {
      targetType: hideable,
      targetId: report.targetId,
      reason: input.reason?.trim() || REPORT_REASONS[report.reason as ReportReason] || '违反社区规范',
    });
    return { status: 'hidden' };
  }
  if (input.action !== 'dismiss' && input.action !== 'uphold') throw badRequest('举报只能隐藏、驳回或标记已处理');
  const status: ReportStatus = input.action === 'dismiss' ? 'dismissed' : 'upheld';
  const reason = cleanReason(input.reason, false);
  await ctx.db.transaction(async (tx) => {
    const closed = await queries.closeOpenReports(tx, {
      kind: 'report',
      targetType: report.targetType,
      targetId: report.targetId,
      status,
      by: viewer.id,
    });
    if (closed.length === 0) throw badRequest('该举报已处理');
    await audit(
      { db: tx },
      {
        actor: viewer,
        action: status === 'dismissed' ? 'dismiss_report' : 'uphold_report',
        targetType: report.targetType,
        targetId: report.targetId,
        reason,
        detail: { reports: closed.length },
      },
    );
    const target = await queries.selectTarget(tx, report.targetType, report.targetId);
    const what = `${label}${target ? quote(target.preview) : ''}`;
    await notifyPeople(
      tx,
      closed.map((r) => r.reporterId),
      status === 'dismissed'
        ? `你举报的${what}经核实未发现违反社区规范的内容，感谢你的反馈。`
        : `你举报的${what}已处理，感谢你为社区所做的贡献。`,
    );
  });
  return { status };
}

export interface ContentListItem {
  id: string;
  preview: string;
  href: string;
  authorId: string | null;
  authorName: string;
  hidden: boolean;
  hiddenReason: string;
  hot: boolean;
  createdAt: string;
}

/** The console's content list (administrators and editors): by type, state, author, dates and text. */
export async function listContent(
  ctx: ModerationCtx,
  input: {
    type: HideableTarget;
    state?: 'all' | 'visible' | 'hidden';
    author?: string;
    from?: string;
    to?: string;
    q?: string;
    pointer?: string;
    limit?: number;
  },
): Promise<{ list: ContentListItem[]; pointer: string | null }> {
  requireModerator(ctx.viewer, true);
  const limit = input.limit ?? 20;
  let authorId: string | undefined;
  if (input.author?.trim()) {
    const name = input.author.trim();
    authorId = /^[0-9a-zA-Z]{24}$/.test(name) ? name : ((await queries.selectUserIdByName(ctx.db, name)) ?? undefined);
    if (!authorId) return { list: [], pointer: null };
  }
  const day = (value: string | undefined, plusDays = 0) => {
    if (!value) return undefined;
    const date = new Date(`${value}T00:00:00+08:00`);
    if (Number.isNaN(date.getTime())) throw badRequest('日期格式有误');
    return new Date(date.getTime() + plusDays * 86_400_000);
  };
  const rows = await queries.selectContentPage(ctx.db, {
    type: input.type,
    state: input.state ?? 'all',
    authorId,
    from: day(input.from),
    to: day(input.to, 1),
    q: input.q?.trim() || undefined,
    cursor: readPointer(input.pointer),
    limit,
  });
  const commentTargets =
    input.type === 'comment'
      ? new Map(
          (
            await queries.selectCommentTargets(
              ctx.db,
              rows.map((r) => r.id),
            )
          ).map((c) => [c.id, c]),
        )
      : new Map();
  return {
    list: rows.map((row) => ({
      id: row.id,
      preview: row.preview,
      href: hrefOf(input.type, row.id, commentTargets.get(row.id)),
      authorId: row.userId,
      authorName: row.authorName ?? '',
      hidden: Boolean(row.hiddenAt),
      hiddenReason: row.hiddenReason,
      hot: row.hot,
      createdAt: row.createdAt.toISOString(),
    })),
    pointer: nextPointer(rows, limit, (row) => [row.createdAt, row.id]),
  };
}
