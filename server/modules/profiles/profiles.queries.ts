import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { bookletPurchases, booklets } from '@db/schema/commerce.ts';
import { entries, entryLikes, tagSubscriptions, tags } from '@db/schema/content.ts';
import { collectionFollows, collections, comments, pins } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { userBriefColumns } from '../users/users.service.ts';

interface PageQuery {
  uid: string;
  cursor: Cursor | null;
  limit: number;
}

/** The profile header's user row with its counters; null when there is no such user. */
export async function selectProfileUser(db: Db, id: string) {
  const [row] = await db
    .select({
      ...userBriefColumns,
      blogAddress: users.blogAddress,
      followingCount: users.followingCount,
      collectionCount: users.collectionCount,
      followedCollectionCount: users.followedCollectionCount,
      subscribedTagCount: users.subscribedTagCount,
      postedEntriesCount: users.postedEntriesCount,
      likedEntriesCount: users.likedEntriesCount,
      pinCount: users.pinCount,
      wroteBookCount: users.wroteBookCount,
      boughtBookCount: users.boughtBookCount,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Whether followerId follows followeeId. */
export async function selectIsFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return rows.length > 0;
}

/** One page of an author's entry ids, newest first: written (no original URL) or shared links. */
export async function selectAuthorEntryPage(db: Db, q: PageQuery & { kind: 'article' | 'share'; withHidden: boolean }) {
  return db
    .select({ id: entries.id, at: entries.createdAt })
    .from(entries)
    .where(
      and(
        eq(entries.userId, q.uid),
        q.kind === 'article' ? eq(entries.originalUrl, '') : ne(entries.originalUrl, ''),
        keysetBefore(entries.createdAt, entries.id, q.cursor),
        // Hidden by a moderator: listed for its author only (marked), never for others.
        q.withHidden ? undefined : isNull(entries.hiddenAt),
      ),
    )
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(q.limit);
}

const collectionColumns = {
  id: collections.id,
  title: collections.title,
  description: collections.description,
  imageUrl: collections.imageUrl,
  followerCount: collections.followerCount,
  entryCount: collections.entryCount,
  userId: collections.userId,
  createdAt: collections.createdAt,
};

/** One page of the collections a person created, newest first. */
export async function selectCreatedCollectionPage(db: Db, q: PageQuery) {
  return db
    .select({ ...collectionColumns, at: collections.createdAt })
    .from(collections)
    .where(and(eq(collections.userId, q.uid), keysetBefore(collections.createdAt, collections.id, q.cursor)))
    .orderBy(desc(collections.createdAt), desc(collections.id))
    .limit(q.limit);
}

/** One page of the collections a person follows, latest follow first. */
export async function selectFollowedCollectionPage(db: Db, q: PageQuery) {
  return db
    .select({ ...collectionColumns, at: collectionFollows.createdAt })
    .from(collectionFollows)
    .innerJoin(collections, eq(collections.id, collectionFollows.collectionId))
    .where(
      and(
        eq(collectionFollows.userId, q.uid),
        keysetBefore(collectionFollows.createdAt, collectionFollows.collectionId, q.cursor),
      ),
    )
    .orderBy(desc(collectionFollows.createdAt), desc(collectionFollows.collectionId))
    .limit(q.limit);
}

/** One page of the tags a person subscribes to, latest subscription first. */
export async function selectSubscribedTagPage(db: Db, q: PageQuery) {
  return db
    .select({
      id: tags.id,
      title: tags.title,
      icon: tags.icon,
      entriesCount: tags.entriesCount,
      subscribersCount: tags.subscribersCount,
      at: tagSubscriptions.createdAt,
    })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .where(
      and(
        eq(tagSubscriptions.userId, q.uid),
        keysetBefore(tagSubscriptions.createdAt, tagSubscriptions.tagId, q.cursor),
      ),
    )
    .orderBy(desc(tagSubscriptions.createdAt), desc(tagSubscriptions.tagId))
    .limit(q.limit);
}

/** An author's published (non-draft) booklets, newest first, at most 100. */
export async function selectPublishedBooklets(db: Db, uid: string) {
  return db
    .select({ id: booklets.id, title: booklets.title, price: booklets.price, createdAt: booklets.createdAt })
    .from(booklets)
    .where(and(eq(booklets.userId, uid), eq(booklets.isDraft, false)))
    .orderBy(desc(booklets.createdAt))
    .limit(100);
}

/** The booklets a person bought with the price paid, latest purchase first, at most 100. */
export async function selectBoughtBooklets(db: Db, uid: string) {
  return db
    .select({
      id: booklets.id,
      title: booklets.title,
      price: booklets.price,
      pricePaid: bookletPurchases.pricePaid,
      boughtAt: bookletPurchases.createdAt,
    })
    .from(bookletPurchases)
    .innerJoin(booklets, eq(booklets.id, bookletPurchases.bookletId))
    .where(eq(bookletPurchases.userId, uid))
    .orderBy(desc(bookletPurchases.createdAt))
    .limit(100);
}

export type ActivityKind = 'entry' | 'pin' | 'like' | 'follow' | 'comment';

export type ActivityRow = { kind: ActivityKind; target: string; created_at: string; key: string };

/**
 * One page of a person's activity log, newest first: the union of their entries, pins, likes,
 * follows and (not deleted) comments. Each source is one indexed range, cut at the cursor (time
 * plus kind:id) and limited before the union; created_at comes back as an ISO string.
 */
export async function selectActivityPage(db: Db, q: PageQuery & { withHidden: boolean }): Promise<ActivityRow[]> {
  const { uid, cursor, limit, withHidden } = q;
  // What moderators hid stays in its author's own log (marked there) and out of everyone else's.
  const visible = (alias: string) => (withHidden ? sql`true` : sql.raw(`${alias}.hidden_at is null`));
  // Each part is ordered like the whole (time, then key; the kind is fixed within a part), so a
  // page that ends among rows of one millisecond resumes at the right one.
  const source = (kind: ActivityKind, id: SQL, createdAt: SQL, from: SQL, where: SQL) =>
    sql`(select ${kind}::text as kind, ${id} as target, ${createdAt} as created_at, ${kind}::text || ':' || ${id} as key
      from ${from} where ${and(where, keysetBefore(createdAt, sql`${kind}::text || ':' || ${id}`, cursor))}
      order by ${createdAt} desc, ${id} desc limit ${limit})`;
  const result: unknown = await db.execute(sql`
    select kind, target, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, key from (
      ${source('entry', sql`e.id`, sql`e.created_at`, sql`${entries} e`, sql`e.user_id = ${uid} and ${visible('e')}`)}
      union all ${source('pin', sql`p.id`, sql`p.created_at`, sql`${pins} p`, sql`p.user_id = ${uid} and ${visible('p')}`)}
      union all ${source('like', sql`l.entry_id`, sql`l.created_at`, sql`${entryLikes} l`, sql`l.user_id = ${uid}`)}
      union all ${source('follow', sql`f.followee_id`, sql`f.created_at`, sql`${follows} f`, sql`f.follower_id = ${uid}`)}
      union all ${source('comment', sql`c.id`, sql`c.created_at`, sql`${comments} c`, sql`c.user_id = ${uid} and not c.deleted and ${visible('c')}`)}
    ) log order by created_at desc, key desc limit ${limit}`);
  return (result as { rows: ActivityRow[] }).rows;
}

/** The comments an activity log shows, with what each one is on. */
export async function selectActivityComments(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: comments.id,
      content: comments.content,
      targetType: comments.targetType,
      targetId: comments.targetId,
    })
    .from(comments)
    .where(inArray(comments.id, ids));
}
