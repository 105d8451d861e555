import type { Db } from '@db/client.ts';
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
export async function listActiveBanners(db: Db, position: queries.BannerPosition, limit: number): Promise<Banner[]> {
  const rows = await queries.selectActiveBanners(db, { position, now: new Date(), limit });
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
  }));
}

/** One zero-based page of the banners running now at a position (SPEC §7.3 get_banner). */
export async function pageActiveBanners(
  db: Db,
  options: { position: queries.BannerPosition; page: number; pageSize: number },
): Promise<{ bannerList: Banner[]; total: number }> {
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
