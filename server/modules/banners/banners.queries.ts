import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { banners, type bannerPositions } from '@db/schema/content.ts';

export type BannerPosition = (typeof bannerPositions)[number];

/** Banners of a position whose window contains `now`, latest started first (banners_position_window_idx). */
export async function selectActiveBanners(
  db: Db,
  q: { position: BannerPosition; now: Date; limit: number; offset?: number },
) {
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
    .offset(q.offset ?? 0)
    .limit(q.limit);
}

export async function countActiveBanners(db: Db, q: { position: BannerPosition; now: Date }) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(banners)
    .where(
      and(
        eq(banners.position, q.position),
        eq(banners.platform, 'web'),
        lte(banners.startedAt, q.now),
        gt(banners.endedAt, q.now),
      ),
    );
  return row?.total ?? 0;
}
