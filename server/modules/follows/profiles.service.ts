import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import { bookletPurchases, booklets } from '@db/schema/commerce.ts';
import { entries, entryLikes, tagSubscriptions, tags } from '@db/schema/content.ts';
import { collectionFollows, collections, comments, pins } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { passesRoleCheck, type Viewer } from '../auth/auth.policy.ts';
import { type EntryView, getEntriesByIds } from '../entries/entries.service.ts';
import { getPinsByIds, type PinView } from '../pins/pins.service.ts';
import type { UserBrief } from '../users/users.service.ts';
import { selectUserBriefs } from '../users/users.queries.ts';
import { isMuted } from './mutes.service.ts';

type Cursor = { value: number; id: string } | null;

function readCursor(before: string | undefined): Cursor {
  const cursor = decodeCursor(before);
  if (before && !cursor) throw badRequest('invalid pointer');
  return cursor;
}

function before(column: AnyPgColumn, id: AnyPgColumn, cursor: Cursor) {
  if (!cursor) return undefined;
  return sql`(${column}, ${id}) < (${new Date(cursor.value).toISOString()}::timestamptz, ${cursor.id})`;
}

function pointerOf<T>(rows: T[], limit: number, at: (row: T) => Date, id: (row: T) => string): string | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? encodeCursor(at(last).getTime(), id(last)) : null;
}

/** The profile header and stats sidebar (SPEC §2.3, DESIGN.md profile). Unknown users are 404. */
export async function getUserProfile(db: Db, viewer: Viewer | null, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      avatarLarge: users.avatarLarge,
      role: users.role,
      jobTitle: users.jobTitle,
      company: users.company,
      selfDescription: users.selfDescription,
      blogAddress: users.blogAddress,
      isXiaoceAuthor: users.isXiaoceAuthor,
      followerCount: users.followerCount,
      followingCount: users.followingCount,
      beLikedCount: users.beLikedCount,
      beReadCount: users.beReadCount,
      collectionCount: users.collectionCount,
      followedCollectionCount: users.followedCollectionCount,
      subscribedTagCount: users.subscribedTagCount,
      postedPostsCount: users.postedPostsCount,
      postedEntriesCount: users.postedEntriesCount,
      likedEntriesCount: users.likedEntriesCount,
      pinCount: users.pinCount,
      wroteBookCount: users.wroteBookCount,
      boughtBookCount: users.boughtBookCount,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound('此用户不存在');
  const self = viewer?.id === id;
  const [followedRow, muted] = await Promise.all([
    viewer && !self
      ? db
          .select({ id: follows.followeeId })
          .from(follows)
          .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, id)))
      : Promise.resolve([]),
    self ? Promise.resolve(false) : isMuted(db, viewer, 'user', id),
  ]);
  return {
    ...row,
    // Purchases are private: only the person (or an admin) sees the count.
    boughtBookCount: viewer && passesRoleCheck(viewer, { id }) ? row.boughtBookCount : 0,
    totalCollectionsCount: row.collectionCount + row.followedCollectionCount,
    createdAt: row.createdAt.toISOString(),
    followed: followedRow.length > 0,
    self,
    muted,
  };
}

export type UserProfile = Awaited<ReturnType<typeof getUserProfile>>;

interface PageInput {
  uid: string;
  before?: string;
  limit?: number;
}

/** The article tab (written: no original URL) or the share tab (shared links), newest first. */
export async function listUserEntries(db: Db, viewer: Viewer | null, input: PageInput & { kind: 'article' | 'share' }) {
  const cursor = readCursor(input.before);
  const limit = input.limit ?? PAGE_SIZE.feed;
  const rows = await db
    .select({ id: entries.id, at: entries.createdAt })
    .from(entries)
    .where(
      and(
        eq(entries.userId, input.uid),
        input.kind === 'article' ? eq(entries.originalUrl, '') : ne(entries.originalUrl, ''),
        before(entries.createdAt, entries.id, cursor),
      ),
    )
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(limit);
  return {
    entrylist: await getEntriesByIds(
      db,
      rows.map((r) => r.id),
      viewer,
    ),
    pointer: pointerOf(
      rows,
      limit,
      (r) => r.at,
      (r) => r.id,
    ),
  };
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

/** The collection tab: collections the person created or follows (read from the collections tables). */
export async function listUserCollections(db: Db, input: PageInput & { kind: 'created' | 'followed' }) {
  const cursor = readCursor(input.before);
  const limit = input.limit ?? PAGE_SIZE.feed;
  const rows =
    input.kind === 'created'
      ? await db
          .select({ ...collectionColumns, at: collections.createdAt })
          .from(collections)
          .where(and(eq(collections.userId, input.uid), before(collections.createdAt, collections.id, cursor)))
          .orderBy(desc(collections.createdAt), desc(collections.id))
          .limit(limit)
      : await db
          .select({ ...collectionColumns, at: collectionFollows.createdAt })
          .from(collectionFollows)
          .innerJoin(collections, eq(collections.id, collectionFollows.collectionId))
          .where(
            and(
              eq(collectionFollows.userId, input.uid),
              before(collectionFollows.createdAt, collectionFollows.collectionId, cursor),
            ),
          )
          .orderBy(desc(collectionFollows.createdAt), desc(collectionFollows.collectionId))
          .limit(limit);
  const authors = await selectUserBriefs(db, [...new Set(rows.map((r) => r.userId))]);
  const byId = new Map(authors.map((u) => [u.id, u]));
  return {
    collectionSets: rows.map(({ at: _at, userId, createdAt, ...c }) => ({
      ...c,
      author: byId.get(userId) ?? null,
      createdAt: createdAt.toISOString(),
    })),
    pointer: pointerOf(
      rows,
      limit,
      (r) => r.at,
      (r) => r.id,
    ),
  };
}

/** The tag tab: tags the person subscribes to, latest first. */
export async function listUserTags(db: Db, input: PageInput) {
  const cursor = readCursor(input.before);
  const limit = input.limit ?? PAGE_SIZE.subscribedTags;
  const rows = await db
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
      and(eq(tagSubscriptions.userId, input.uid), before(tagSubscriptions.createdAt, tagSubscriptions.tagId, cursor)),
    )
    .orderBy(desc(tagSubscriptions.createdAt), desc(tagSubscriptions.tagId))
    .limit(limit);
  return {
    tagList: rows.map(({ at: _at, ...t }) => t),
    pointer: pointerOf(
      rows,
      limit,
      (r) => r.at,
      (r) => r.id,
    ),
  };
}

/** The book tab: an author's published booklets. */
export async function listUserBooks(db: Db, uid: string) {
  const rows = await db
    .select({ id: booklets.id, title: booklets.title, price: booklets.price, createdAt: booklets.createdAt })
    .from(booklets)
    .where(and(eq(booklets.userId, uid), eq(booklets.isDraft, false)))
    .orderBy(desc(booklets.createdAt))
    .limit(100);
  return { books: rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })) };
}

/** The bought list (?type=bought): private to the person and admins. */
export async function listBoughtBooks(db: Db, viewer: Viewer | null, uid: string) {
  if (!viewer || !passesRoleCheck(viewer, { id: uid })) throw forbidden('Forbidden');
  const rows = await db
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
  return { books: rows.map((b) => ({ ...b, boughtAt: b.boughtAt.toISOString() })) };
}

export type ActivityKind = 'entry' | 'pin' | 'like' | 'follow' | 'comment';

export interface ActivityItem {
  /** kind:id, unique within a person's log. */
  key: string;
  kind: ActivityKind;
  createdAt: string;
  entry: EntryView | null;
  pin: PinView | null;
  user: UserBrief | null;
  comment: { id: string; content: string } | null;
}

/**
 * /getUserLog (the activity tab): what the person published, liked, followed and commented,
 * newest first. Each source is one indexed range; the cursor is the time plus kind:id.
 */
export async function listUserLog(db: Db, viewer: Viewer | null, input: PageInput) {
  if (!(await db.select({ id: users.id }).from(users).where(eq(users.id, input.uid))).length) {
    throw notFound('此用户不存在');
  }
  const cursor = decodeCursor(input.before);
  if (input.before && !cursor) throw badRequest('invalid pointer');
  const limit = input.limit ?? PAGE_SIZE.feed;
  const at = cursor ? sql`${new Date(cursor.value).toISOString()}::timestamptz` : null;
  const source = (kind: ActivityKind, id: SQL, createdAt: SQL, from: SQL, where: SQL) =>
    sql`(select ${kind}::text as kind, ${id} as target, ${createdAt} as created_at, ${kind}::text || ':' || ${id} as key
      from ${from} where ${where} ${at ? sql`and (${createdAt}, ${kind}::text || ':' || ${id}) < (${at}, ${cursor?.id ?? ''})` : sql``}
      order by ${createdAt} desc limit ${limit})`;
  const uid = input.uid;
  type LogRow = { kind: ActivityKind; target: string; created_at: string; key: string };
  const result: unknown = await db.execute(sql`
    select kind, target, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, key from (
      ${source('entry', sql`e.id`, sql`e.created_at`, sql`${entries} e`, sql`e.user_id = ${uid}`)}
      union all ${source('pin', sql`p.id`, sql`p.created_at`, sql`${pins} p`, sql`p.user_id = ${uid}`)}
      union all ${source('like', sql`l.entry_id`, sql`l.created_at`, sql`${entryLikes} l`, sql`l.user_id = ${uid}`)}
      union all ${source('follow', sql`f.followee_id`, sql`f.created_at`, sql`${follows} f`, sql`f.follower_id = ${uid}`)}
      union all ${source('comment', sql`c.id`, sql`c.created_at`, sql`${comments} c`, sql`c.user_id = ${uid} and not c.deleted`)}
    ) log order by created_at desc, key desc limit ${limit}`);
  const rows = (result as { rows: LogRow[] }).rows;
  const ids = (kind: ActivityKind) => rows.filter((r) => r.kind === kind).map((r) => r.target);
  const commentRows = ids('comment').length
    ? await db
        .select({
          id: comments.id,
          content: comments.content,
          targetType: comments.targetType,
          targetId: comments.targetId,
        })
        .from(comments)
        .where(inArray(comments.id, ids('comment')))
    : [];
  const commentEntryIds = commentRows.filter((c) => c.targetType === 'entry').map((c) => c.targetId);
  const commentPinIds = commentRows.filter((c) => c.targetType === 'pin').map((c) => c.targetId);
  const [entryViews, pinViews, people] = await Promise.all([
    getEntriesByIds(db, [...new Set([...ids('entry'), ...ids('like'), ...commentEntryIds])], viewer),
    getPinsByIds(db, [...new Set([...ids('pin'), ...commentPinIds])], viewer),
    selectUserBriefs(db, ids('follow')),
  ]);
  const entryById = new Map(entryViews.map((e) => [e.id, e]));
  const pinById = new Map(pinViews.map((p) => [p.id, p]));
  const userById = new Map(people.map((u) => [u.id, u]));
  const commentById = new Map(commentRows.map((c) => [c.id, c]));
  const list: ActivityItem[] = rows.map((r) => {
    const comment = r.kind === 'comment' ? commentById.get(r.target) : undefined;
    const entryId =
      r.kind === 'entry' || r.kind === 'like' ? r.target : comment?.targetType === 'entry' ? comment.targetId : null;
    const pinId = r.kind === 'pin' ? r.target : comment?.targetType === 'pin' ? comment.targetId : null;
    return {
      key: r.key,
      kind: r.kind,
      createdAt: r.created_at,
      entry: entryId ? (entryById.get(entryId) ?? null) : null,
      pin: pinId ? (pinById.get(pinId) ?? null) : null,
      user: r.kind === 'follow' ? (userById.get(r.target) ?? null) : null,
      comment: comment ? { id: comment.id, content: comment.content } : null,
    };
  });
  const last = rows.at(-1);
  return {
    list,
    pointer: last && rows.length === limit ? encodeCursor(new Date(last.created_at).getTime(), last.key) : null,
  };
}
