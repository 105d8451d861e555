import { BANNER_MESSAGES, type BannerInput, bannerInputSchema } from '@core/banners.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import { isSiteOrWebLink, isUserImageUrl } from '@core/user-urls.ts';
import { publishChange } from '../../adapters/changes.ts';
import type { Ctx } from '../../http/context.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { requireRole } from '../auth/auth.policy.ts';
import * as queries from './banners.queries.ts';

export type { BannerPosition } from './banners.queries.ts';

/** The Banner of SPEC §3 (id, url, textList, startedAt, endedAt) plus its image. */
export interface Banner {
  id: string;
  url: string;
  imageUrl: string;
  textList: string[];
  startedAt: string;
  endedAt: string;
}

/** Banners running now at a position (the welcome aside shows at most PAGE_SIZE.asideBanners). */
export async function listActiveBanners(
  ctx: Pick<Ctx, 'db'>,
  { position, limit }: { position: queries.BannerPosition; limit: number },
): Promise<Banner[]> {
  const rows = await queries.selectActiveBanners(ctx.db, { position, now: new Date(), limit });
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
  }));
}

/** One zero-based page of the banners running now at a position (SPEC §7.3 get_banner). */
export async function pageActiveBanners(
  ctx: Pick<Ctx, 'db'>,
  options: { position: queries.BannerPosition; page: number; pageSize: number },
): Promise<{ bannerList: Banner[]; total: number }> {
  const { db } = ctx;
  const now = new Date();
  const [rows, total] = await Promise.all([
    queries.selectActiveBanners(db, {
      position: options.position,
      now,
      limit: options.pageSize,
      offset: options.page * options.pageSize,
    }),
    queries.countActiveBanners(db, { position: options.position, now }),
  ]);
  return {
    bannerList: rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt.toISOString(),
    })),
    total,
  };
}

/* ---- The console (administrators): every banner, create, edit, delete; audited ---- */

export interface AdminBanner extends Banner {
  position: queries.BannerPosition;
}

function toAdminBanner(row: queries.BannerRow): AdminBanner {
  return { ...row, startedAt: row.startedAt.toISOString(), endedAt: row.endedAt.toISOString() };
}

/** Every banner, latest started first, past and future included (20 a page). */
export async function listAllBanners(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { pointer?: string },
): Promise<{ list: AdminBanner[]; pointer: string | null }> {
  requireRole(ctx.viewer, { roles: ['admin'] });
  const limit = PAGE_SIZE.banners;
  const rows = await queries.selectAllBanners(ctx.db, { cursor: readPointer(input.pointer), limit });
  return { list: rows.map(toAdminBanner), pointer: nextPointer(rows, limit, (row) => [row.startedAt, row.id]) };
}

/** Creates a banner (no id) or replaces one's fields; audited in the same transaction. */
export async function saveBanner(
  ctx: Pick<Ctx, 'db' | 'viewer' | 'env'>,
  input: BannerInput & { id?: string },
): Promise<AdminBanner> {
  const actor = requireRole(ctx.viewer, { roles: ['admin'] });
  const checked = bannerInputSchema.safeParse(input);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? BANNER_MESSAGES.url);
  const b = checked.data;
  // The schema refuses /api paths; only the server knows this site's origin, for its absolute /api links.
  if (!isSiteOrWebLink(b.url, ctx.env.SITE_URL)) throw badRequest(BANNER_MESSAGES.url);
  if (b.imageUrl && !isUserImageUrl(b.imageUrl, ctx.env.SITE_URL)) throw badRequest(BANNER_MESSAGES.image);
  const values = { ...b, startedAt: new Date(b.startedAt), endedAt: new Date(b.endedAt) };
  const row = await ctx.db.transaction(async (tx) => {
    const id = input.id ?? newId();
    const saved = input.id ? await queries.updateBanner(tx, id, values) : await queries.insertBanner(tx, id, values);
    if (!saved) throw notFound(BANNER_MESSAGES.notFound);
    await audit(
      { db: tx },
      {
        actor,
        action: input.id ? 'banner_update' : 'banner_create',
        targetType: 'banner',
        targetId: id,
        detail: { url: b.url, textList: b.textList, startedAt: b.startedAt, endedAt: b.endedAt },
      },
    );
    return saved;
  });
  await publishChange(ctx.db, { kind: 'content', what: 'banner', userId: actor.id, id: row.id });
  return toAdminBanner(row);
}

/** Deletes a banner; audited in the same transaction. */
export async function removeBanner(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { id: string }): Promise<void> {
  const actor = requireRole(ctx.viewer, { roles: ['admin'] });
  await ctx.db.transaction(async (tx) => {
    if (!(await queries.deleteBanner(tx, input.id))) throw notFound(BANNER_MESSAGES.notFound);
    await audit({ db: tx }, { actor, action: 'banner_delete', targetType: 'banner', targetId: input.id });
  });
  await publishChange(ctx.db, { kind: 'content', what: 'banner', userId: actor.id, id: input.id });
}
