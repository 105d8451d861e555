import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import type { Db, Tx } from '@db/client.ts';
import { banners, type bannerPositions } from '@db/schema/content.ts';

export type BannerPosition = (typeof bannerPositions)[number];

/** The web banners of a position whose window contains `now`. */
function activeAt(q: { position: BannerPosition; now: Date }) {
  return and(
    eq(banners.position, q.position),
    eq(banners.platform, 'web'),
    lte(banners.startedAt, q.now),
    gt(banners.endedAt, q.now),
  );
}

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
    .where(activeAt(q))
    .orderBy(desc(banners.startedAt), desc(banners.id))
    .offset(q.offset ?? 0)
    .limit(q.limit);
}

export async function countActiveBanners(db: Db, q: { position: BannerPosition; now: Date }) {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(banners).where(activeAt(q));
  return row?.total ?? 0;
}

const adminColumns = {
  id: banners.id,
  position: banners.position,
  url: banners.url,
  imageUrl: banners.imageUrl,
  textList: banners.textList,
  startedAt: banners.startedAt,
  endedAt: banners.endedAt,
};

/** Every banner of the web, latest started first (the console's list, past and future included). */
export async function selectAllBanners(db: Db, q: { cursor: Cursor | null; limit: number }) {
  return db
    .select(adminColumns)
    .from(banners)
    .where(and(eq(banners.platform, 'web'), keysetBefore(banners.startedAt, banners.id, q.cursor)))
    .orderBy(desc(banners.startedAt), desc(banners.id))
    .limit(q.limit);
}

export type BannerRow = Awaited<ReturnType<typeof selectAllBanners>>[number];

export type BannerValues = {
  position: BannerPosition;
  url: string;
  imageUrl: string;
  textList: string[];
  startedAt: Date;
  endedAt: Date;
};

export async function insertBanner(tx: Tx, id: string, values: BannerValues) {
  const [row] = await tx
    .insert(banners)
    .values({ id, platform: 'web', ...values })
    .returning(adminColumns);
  return row;
}

export async function updateBanner(tx: Tx, id: string, values: BannerValues) {
  const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning(adminColumns);
  return row ?? null;
}

export async function deleteBanner(tx: Tx, id: string) {
  const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}
