import { type AppLoadContext, redirect } from 'react-router';
import { MODERATION_TARGET_KEYS } from '@core/moderation.ts';
import { getDashboard, listPeople } from '@server/modules/admin/admin.service.ts';
import { listAllBanners } from '@server/modules/banners/banners.service.ts';
import { listAudit } from '@server/modules/audit/audit.service.ts';
import { listContent, listReports } from '@server/modules/moderation/moderation.service.ts';
import { fromService, requireRoleIn } from '~/lib/route-guards.server.ts';
import { adminNavFor, CONSOLE_ROLES } from './admin-nav.ts';

/** /admin (layout): administrators and editors; each sees the console links for their role. */
export function loadAdminLayout(context: AppLoadContext) {
  const viewer = requireRoleIn(context, CONSOLE_ROLES);
  return { nav: adminNavFor(viewer.role) };
}

/** /admin (index): the dashboard for administrators; anyone else of the console goes to their first page. */
export async function loadDashboard(context: AppLoadContext) {
  const viewer = requireRoleIn(context, CONSOLE_ROLES);
  if (viewer.role !== 'admin') throw redirect(adminNavFor(viewer.role)[0]?.to ?? '/');
  return getDashboard(context);
}

/** /admin/people: people found by ?q (name, phone, email or id), newest first (administrators). */
export async function loadPeople(context: AppLoadContext, url: URL) {
  const viewer = requireRoleIn(context, ['admin']);
  const q = url.searchParams.get('q')?.trim().slice(0, 64) ?? '';
  const page = await fromService(listPeople(context, { q, pointer: url.searchParams.get('pointer') ?? undefined }));
  return { ...page, q, viewerId: viewer.id };
}

/** /admin/audit: the audit log's first page (or the page after `pointer`), filtered by action. */
export async function loadAuditLog(context: AppLoadContext, url: URL) {
  requireRoleIn(context, ['admin']);
  const action = url.searchParams.get('action')?.slice(0, 32) || undefined;
  return fromService(listAudit(context, { limit: 30, action, pointer: url.searchParams.get('pointer') ?? undefined }));
}

/** /admin/content: entries, comments or pins with the filters in the URL (administrators and editors). */
export async function loadContent(context: AppLoadContext, url: URL) {
  requireRoleIn(context, ['admin', 'editor']);
  const p = url.searchParams;
  const type = (['entry', 'comment', 'pin'] as const).find((t) => t === p.get('type')) ?? 'entry';
  const state = (['all', 'visible', 'hidden'] as const).find((s) => s === p.get('state')) ?? 'all';
  const filters = {
    type,
    state,
    author: p.get('author')?.slice(0, 24) || undefined,
    from: p.get('from') || undefined,
    to: p.get('to') || undefined,
    q: p.get('q')?.slice(0, 50) || undefined,
  };
  const page = await fromService(
    listContent({ db: context.db, viewer: context.viewer }, { ...filters, pointer: p.get('pointer') ?? undefined }),
  );
  return { ...page, filters, isAdmin: context.viewer?.role === 'admin' };
}

/** /admin/reports: the one queue of reports and appeals (every target type, repos too) by status (administrators). */
export async function loadReports(context: AppLoadContext, url: URL) {
  requireRoleIn(context, ['admin']);
  const p = url.searchParams;
  const status =
    (['open', 'hidden', 'dismissed', 'restored', 'upheld'] as const).find((s) => s === p.get('status')) ?? 'open';
  const kind = (['report', 'appeal'] as const).find((k) => k === p.get('kind'));
  const type = MODERATION_TARGET_KEYS.find((t) => t === p.get('type'));
  const page = await fromService(
    listReports(
      { db: context.db, viewer: context.viewer },
      { status, kind, targetType: type, pointer: p.get('pointer') ?? undefined },
    ),
  );
  return { ...page, status, kind: kind ?? '', type: type ?? '' };
}

/** /admin/banners: every banner, latest started first (administrators). */
export async function loadBanners(context: AppLoadContext, url: URL) {
  const viewer = requireRoleIn(context, ['admin']);
  const page = await fromService(
    listAllBanners({ db: context.db, viewer }, { pointer: url.searchParams.get('pointer') ?? undefined }),
  );
  return { ...page, now: Date.now() };
}
