import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { banners, type bannerPositions } from '@db/schema/content.ts';

export type BannerPosition = (typeof bannerPositions)[number];

/** Banners of a position whose window contains `now`, latest started first (banners_position_window_idx). */
export async function selectActiveBanners(db: Db, q: { position: BannerPosition; now: Date; limit: number }) {
  return db
    .select({
      id: banners.id,
      url: banners.url,
      imageUrl: banners.imageUrl,
      textList: banners.textList,
      startedAt: banners.startedAt,
      endedAt: banners.endedAt,
    })
    .from(banners)
    .where(
      and(
        eq(banners.position, q.position),
        eq(banners.platform, 'web'),
        lte(banners.startedAt, q.now),
        gt(banners.endedAt, q.now),
      ),
    )
    .orderBy(desc(banners.startedAt), desc(banners.id))
    .limit(q.limit);
}
