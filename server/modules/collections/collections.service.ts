import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import { refreshCollectionHotScore } from '@db/ranking.ts';
import type { Db, Tx } from '@db/client.ts';
import { collectionEntries, collectionFollows, collections, entries, users } from '@db/schema/index.ts';
import { dominantColor } from '../../adapters/images.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Viewer, requireViewer } from '../auth/auth.policy.ts';
import { getEntriesByIds } from '../entries/entries.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { UNSUPPORTED_FORMAT } from '../uploads/uploads.service.ts';
import * as queries from './collections.queries.ts';
import { lockUsers } from '../users/users.service.ts';
import { canEdit, canUseUpload } from './collections.policy.ts';

export const COLLECTION_NOT_FOUND = '收藏集不存在';
export const OWN_COLLECTION_FOLLOW = '不能关注自己的收藏集';
export const ENTRY_NOT_FOUND = '文章不存在';
export const DEFAULT_MASK = '#000000';
/** Entries of one collection per page. */
export const COLLECTION_ENTRY_PAGE_SIZE = PAGE_SIZE.feed;

export interface CollectionView {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  maskColor: string;
  recommended: boolean;
  author: queries.CollectionRow['author'];
  followed: boolean;
  followerCount: number;
  entryCount: number;
  own: boolean;
  tags: Array<{ id: string; title: string }>;
  createdAt: string;
  updatedAt: string;
}

export type CollectionWithIsIn = CollectionView & { isIn: boolean };

async function present(db: Db, rows: queries.CollectionRow[], viewer: Viewer | null): Promise<CollectionView[]> {
  const tagRows = await queries.selectTagsOfCollections(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    maskColor: row.maskColor,
    recommended: row.recommended,
    author: row.author,
    followed: Boolean(row.followed),
    followerCount: row.followerCount,
    entryCount: row.entryCount,
    own: viewer?.id === row.userId,
    tags: tagRows.filter((t) => t.collectionId === row.id).map((t) => ({ id: t.id, title: t.title })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getCollection(db: Db, id: string, viewer: Viewer | null): Promise<CollectionView> {
  const row = await queries.selectCollectionById(db, viewer?.id ?? null, id);
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  const [view] = await present(db, [row], viewer);
  return view;
}

// ---------------------------------------------------------------------------------------------
// Create, update, delete

export interface CollectionInput {
  title: string;
  description?: string;
  bgImgUrl?: string;
  bgImgMask?: string;
}

/** Reads a stored upload's bytes: from the disk adapter, or over HTTP from the bucket's public URL. */
async function readStoredUpload(ctx: Pick<RequestContext, 'adapters'>, upload: { storageKey: string; url: string }) {
  const storage = ctx.adapters.storage as typeof ctx.adapters.storage & {
    read?: (key: string) => Promise<Buffer | null>;
  };
  if (storage.read) {
    const bytes = await storage.read(upload.storageKey);
    return bytes ? new Uint8Array(bytes) : null;
  }
  const response = await fetch(upload.url).catch(() => null);
  return response?.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}

/**
 * The background of a collection: an image the viewer uploaded for collections (jpg or png,
 * ≤ 1048576 bytes, checked at upload), and the mask colour derived from it, so the title
 * stays readable. Without an image: no background and the default mask.
 */
async function resolveBackground(
  ctx: Pick<RequestContext, 'db' | 'adapters'>,
  viewer: Viewer,
  bgImgUrl: string | undefined,
): Promise<{ imageUrl: string; maskColor: string }> {
  if (!bgImgUrl) return { imageUrl: '', maskColor: DEFAULT_MASK };
  const upload = await queries.selectUpload(ctx.db, bgImgUrl);
  if (upload?.purpose !== 'collection' || !canUseUpload(viewer, upload)) {
    throw badRequest(UNSUPPORTED_FORMAT);
  }
  const bytes = await readStoredUpload(ctx, upload);
  if (!bytes) throw badRequest(UNSUPPORTED_FORMAT);
  const maskColor = await dominantColor(bytes).catch(() => {
    throw badRequest(UNSUPPORTED_FORMAT);
  });
  return { imageUrl: upload.url, maskColor };
}

function cleanInput(input: CollectionInput) {
  const title = input.title.trim();
  if (!title) throw badRequest('请输入收藏集名称');
  return { title, description: (input.description ?? '').trim() };
}

export async function createCollection(
  ctx: Pick<RequestContext, 'db' | 'adapters' | 'viewer'>,
  input: CollectionInput,
): Promise<{ id: string }> {
  const viewer = requireViewer(ctx.viewer);
  const { title, description } = cleanInput(input);
  const background = await resolveBackground(ctx, viewer, input.bgImgUrl);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(collections).values({ id, userId: viewer.id, title, description, ...background });
    await refreshCollectionHotScore(tx, id);
    await tx
      .update(users)
      .set({ collectionCount: sql`${users.collectionCount} + 1` })
      .where(eq(users.id, viewer.id));
  });
  return { id };
}

async function requireOwnCollection(db: Db | Tx, viewer: Viewer, id: string) {
  const row = await queries.selectCollectionById(db, viewer.id, id);
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  if (!canEdit(viewer, row)) throw forbidden();
  return row;
}

export async function updateCollection(
  ctx: Pick<RequestContext, 'db' | 'adapters' | 'viewer'>,
  id: string,
  input: CollectionInput,
): Promise<CollectionView> {
  const viewer = requireViewer(ctx.viewer);
  const current = await requireOwnCollection(ctx.db, viewer, id);
  const { title, description } = cleanInput(input);
  // The same image keeps its mask; a new one is read again; none clears it.
  const background =
    input.bgImgUrl === current.imageUrl
      ? { imageUrl: current.imageUrl, maskColor: current.maskColor }
      : await resolveBackground(ctx, viewer, input.bgImgUrl);
  await ctx.db
    .update(collections)
    .set({ title, description, ...background, updatedAt: new Date() })
    .where(eq(collections.id, id));
  return getCollection(ctx.db, id, viewer);
}

/**
 * Deletes a collection (its owner or an admin) with every counter it held: the owner's
 * collections and collected entries, each entry's collection count, each follower's
 * followed collections.
 */
export async function deleteCollection(db: Db, viewer: Viewer | null, id: string): Promise<void> {
  const signedIn = requireViewer(viewer);
  await db.transaction(async (tx) => {
    const locked = await queries.lockCollection(tx, id);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (!canEdit(signedIn, locked)) throw forbidden();
    await tx.execute(sql`
      UPDATE ${entries} SET collection_count = greatest(0, collection_count - 1)
      WHERE id IN (SELECT entry_id FROM ${collectionEntries} WHERE collection_id = ${id})`);
    const followerIds = (
      await tx
        .select({ id: collectionFollows.userId })
        .from(collectionFollows)
        .where(eq(collectionFollows.collectionId, id))
    ).map((row) => row.id);
    await lockUsers(tx, [locked.userId, ...followerIds]);
    if (followerIds.length > 0) {
      await tx
        .update(users)
        .set({ followedCollectionCount: sql`greatest(0, ${users.followedCollectionCount} - 1)` })
        .where(inArray(users.id, followerIds));
    }
    await tx
      .update(users)
      .set({
        collectionCount: sql`greatest(0, ${users.collectionCount} - 1)`,
        collectedEntriesCount: sql`greatest(0, ${users.collectedEntriesCount} - ${locked.entryCount})`,
      })
      .where(eq(users.id, locked.userId));
    await tx.delete(collections).where(eq(collections.id, id));
  });
}

// ---------------------------------------------------------------------------------------------
// Follow

export async function setCollectionFollow(
  db: Db,
  viewer: Viewer | null,
  id: string,
  follow: boolean,
): Promise<{ followed: boolean; followerCount: number }> {
  const signedIn = requireViewer(viewer);
  return db.transaction(async (tx) => {
    const locked = await queries.lockCollection(tx, id);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (follow && locked.userId === signedIn.id) throw badRequest(OWN_COLLECTION_FOLLOW);
    const changed = follow
      ? await tx
          .insert(collectionFollows)
          .values({ userId: signedIn.id, collectionId: id })
          .onConflictDoNothing()
          .returning({ id: collectionFollows.userId })
      : await tx
          .delete(collectionFollows)
          .where(and(eq(collectionFollows.userId, signedIn.id), eq(collectionFollows.collectionId, id)))
          .returning({ id: collectionFollows.userId });
    if (changed.length > 0) {
      const step = follow ? 1 : -1;
      const [updated] = await tx
        .update(collections)
        .set({ followerCount: sql`${collections.followerCount} + ${step}` })
        .where(eq(collections.id, id))
        .returning({ followerCount: collections.followerCount });
      await refreshCollectionHotScore(tx, id);
      await lockUsers(tx, [signedIn.id, locked.userId]);
      await tx
        .update(users)
        .set({ followedCollectionCount: sql`${users.followedCollectionCount} + ${step}` })
        .where(eq(users.id, signedIn.id));
      if (follow) {
        await notify(tx, {
          type: 'follow_collection',
          actorId: signedIn.id,
          recipientId: locked.userId,
          collectionId: id,
        });
      }
      return { followed: follow, followerCount: updated.followerCount };
    }
    const [current] = await tx
      .select({ followerCount: collections.followerCount })
      .from(collections)
      .where(eq(collections.id, id));
    return { followed: follow, followerCount: current.followerCount };
  });
}

// ---------------------------------------------------------------------------------------------
// Entries in a collection

export interface CollectResult {
  csId: string;
  entryId: string;
  isIn: boolean;
  entryCount: number;
  /** The entry's collection count after the change. */
  collectionCount: number;
  /** Whether the entry is in any of the viewer's collections (SPEC §4: collected is re-read). */
  collected: boolean;
}

/** Adds or removes an entry (the collection's owner or an admin); counters move only when a row did. */
export async function setCollectionEntry(
  db: Db,
  viewer: Viewer | null,
  input: { csId: string; entryId: string; add: boolean },
): Promise<CollectResult> {
  const signedIn = requireViewer(viewer);
  const result = await db.transaction(async (tx) => {
    const locked = await queries.lockCollection(tx, input.csId);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (!canEdit(signedIn, locked)) throw forbidden();
    const entry = await queries.selectEntryBrief(tx, input.entryId);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    const changed = input.add
      ? await tx
          .insert(collectionEntries)
          .values({ collectionId: input.csId, entryId: input.entryId })
          .onConflictDoNothing()
          .returning({ id: collectionEntries.entryId })
      : await tx
          .delete(collectionEntries)
          .where(and(eq(collectionEntries.collectionId, input.csId), eq(collectionEntries.entryId, input.entryId)))
          .returning({ id: collectionEntries.entryId });
    if (changed.length > 0) {
      const step = input.add ? 1 : -1;
      await tx
        .update(collections)
        .set({ entryCount: sql`${collections.entryCount} + ${step}`, updatedAt: new Date() })
        .where(eq(collections.id, input.csId));
      await refreshCollectionHotScore(tx, input.csId);
      await tx
        .update(entries)
        .set({ collectionCount: sql`${entries.collectionCount} + ${step}` })
        .where(eq(entries.id, input.entryId));
      await lockUsers(tx, [locked.userId, ...(entry.userId ? [entry.userId] : [])]);
      await tx
        .update(users)
        .set({ collectedEntriesCount: sql`${users.collectedEntriesCount} + ${step}` })
        .where(eq(users.id, locked.userId));
      await queries.syncCollectionTags(tx, input.csId);
      if (input.add && entry.userId) {
        await notify(tx, {
          type: 'collect_entry',
          actorId: locked.userId,
          recipientId: entry.userId,
          entryId: input.entryId,
          collectionId: input.csId,
        });
      }
    }
    const [counts] = await tx
      .select({ entryCount: collections.entryCount, collectionCount: entries.collectionCount })
      .from(collections)
      .innerJoin(entries, eq(entries.id, input.entryId))
      .where(eq(collections.id, input.csId));
    return counts;
  });
  const collected = await queries.selectEntriesInUserCollections(db, signedIn.id, [input.entryId]);
  return {
    csId: input.csId,
    entryId: input.entryId,
    isIn: input.add,
    entryCount: result.entryCount,
    collectionCount: result.collectionCount,
    collected: collected.has(input.entryId),
  };
}

/** /isInMyCollectionSet: for each entry, whether it sits in any of the viewer's collections. */
export async function isInMyCollections(db: Db, viewer: Viewer | null, entryIds: string[]) {
  const signedIn = requireViewer(viewer);
  const found = await queries.selectEntriesInUserCollections(db, signedIn.id, entryIds);
  return entryIds.map((entryId) => ({ entryId, isIn: found.has(entryId) }));
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface CollectionPage {
  collectionSets: CollectionView[];
  sum: number;
}

/** /homeCollectionSet: recommended or all, newest or hottest, optionally one tag; 30 a page. */
export async function listHomeCollections(
  db: Db,
  viewer: Viewer | null,
  options: { page: number; recommend: boolean; rankType: 'new' | 'hot'; tag?: string },
): Promise<CollectionPage> {
  const tag = options.tag && options.tag !== 'all' ? options.tag : undefined;
  const where = and(
    options.recommend ? eq(collections.recommended, true) : undefined,
    tag ? queries.tagFilter(tag) : undefined,
  );
  const limit = PAGE_SIZE.collections;
  const [rows, sum] = await Promise.all([
    queries.selectCollectionsWhere(
      db,
      viewer?.id ?? null,
      where,
      options.rankType === 'hot' ? queries.orderHot : queries.orderNew,
      { limit, offset: options.page * limit },
    ),
    queries.countCollectionsWhere(db, where),
  ]);
  return { collectionSets: await present(db, rows, viewer), sum };
}

/** A person's own collections (/getUserCollectionSet), newest first; `sum` is their counter. */
export async function listUserCollections(
  db: Db,
  viewer: Viewer | null,
  options: { targetUserId: string; page: number; pageSize: number },
): Promise<CollectionPage> {
  const [owner] = await db.select({ n: users.collectionCount }).from(users).where(eq(users.id, options.targetUserId));
  if (!owner) throw notFound('此用户不存在');
  const rows = await queries.selectCollectionsWhere(
    db,
    viewer?.id ?? null,
    eq(collections.userId, options.targetUserId),
    queries.orderNew,
    { limit: options.pageSize, offset: options.page * options.pageSize },
  );
  return { collectionSets: await present(db, rows, viewer), sum: owner.n };
}

/** The collections a person follows (/getFollowedCollectionSet), latest followed first. */
export async function listFollowedCollections(
  db: Db,
  viewer: Viewer | null,
  options: { targetUserId: string; page: number; pageSize: number },
): Promise<CollectionPage> {
  const [person] = await db
    .select({ n: users.followedCollectionCount })
    .from(users)
    .where(eq(users.id, options.targetUserId));
  if (!person) throw notFound('此用户不存在');
  const followed = await db
    .select({ id: collectionFollows.collectionId })
    .from(collectionFollows)
    .where(eq(collectionFollows.userId, options.targetUserId))
    .orderBy(sql`${collectionFollows.createdAt} desc`, sql`${collectionFollows.collectionId} desc`)
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const ids = followed.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await queries.selectCollectionsWhere(db, viewer?.id ?? null, inArray(collections.id, ids), [], {
          limit: ids.length,
          offset: 0,
        });
  const order = new Map(ids.map((id, k) => [id, k]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { collectionSets: await present(db, rows, viewer), sum: person.n };
}

/**
 * /getUserCollectionSet/{entryId}: the viewer's collections with isIn for one entry (the
 * collect dialog). With a collection id instead, that collection's owner's collections.
 */
export async function listMyCollectionsFor(
  db: Db,
  viewer: Viewer | null,
  options: { id: string; page: number; pageSize: number },
): Promise<{ collectionSets: CollectionWithIsIn[]; sum: number }> {
  const signedIn = requireViewer(viewer);
  const entry = await queries.selectEntryBrief(db, options.id);
  if (!entry) {
    const collection = await queries.selectCollectionById(db, signedIn.id, options.id);
    if (!collection) throw notFound(ENTRY_NOT_FOUND);
    const page = await listUserCollections(db, signedIn, { ...options, targetUserId: collection.userId });
    return { ...page, collectionSets: page.collectionSets.map((c) => ({ ...c, isIn: false })) };
  }
  const page = await listUserCollections(db, signedIn, { ...options, targetUserId: signedIn.id });
  const holding = await queries.selectCollectionsHolding(
    db,
    page.collectionSets.map((c) => c.id),
    entry.id,
  );
  return { ...page, collectionSets: page.collectionSets.map((c) => ({ ...c, isIn: holding.has(c.id) })) };
}

/** /getCollectionSetEntries: one collection's entries, zero-based pages. */
export async function listCollectionEntries(
  db: Db,
  viewer: Viewer | null,
  options: { csId: string; page: number; rankType: 'new' | 'hot' },
) {
  const [collection] = await db
    .select({ entryCount: collections.entryCount })
    .from(collections)
    .where(eq(collections.id, options.csId));
  if (!collection) throw notFound(COLLECTION_NOT_FOUND);
  const limit = COLLECTION_ENTRY_PAGE_SIZE;
  const ids = await queries.selectCollectionEntryIds(db, options.csId, options.rankType, {
    limit,
    offset: options.page * limit,
  });
  return { entrylist: await getEntriesByIds(db, ids, viewer), total: collection.entryCount };
}

export async function listHotTags(db: Db, count: number) {
  return { tags: await queries.selectHotTags(db, count) };
}

/**
 * /getSuggestCollectionSetInfo: collections related to an entry: those holding it, most
 * followed first, then the entry author's own.
 */
export async function listSuggestedCollections(
  db: Db,
  viewer: Viewer | null,
  options: { entryId: string; entryUserId?: string; limit: number },
): Promise<CollectionView[]> {
  const holding = await queries.selectCollectionsWhere(
    db,
    viewer?.id ?? null,
    sql`exists (select 1 from ${collectionEntries} ce where ce.collection_id = ${collections.id} and ce.entry_id = ${options.entryId})`,
    [sql`${collections.followerCount} desc`, sql`${collections.id} desc`],
    { limit: options.limit, offset: 0 },
  );
  let rows = holding;
  if (rows.length < options.limit && options.entryUserId) {
    const seen = rows.map((row) => row.id);
    const more = await queries.selectCollectionsWhere(
      db,
      viewer?.id ?? null,
      and(eq(collections.userId, options.entryUserId), seen.length ? notInArray(collections.id, seen) : undefined),
      [sql`${collections.followerCount} desc`, sql`${collections.id} desc`],
      { limit: options.limit - rows.length, offset: 0 },
    );
    rows = [...rows, ...more];
  }
  return present(db, rows, viewer);
}

// ---------------------------------------------------------------------------------------------
// Statistics

export const COUNTER_EVENTS = ['csNum', 'csFollow', 'csPost'] as const;
export type CounterEvent = (typeof COUNTER_EVENTS)[number];

/**
 * /collectionSet/incr (SPEC §4, §7.5): after each change the client reports it with num ±1 and
 * src 2. The counters themselves already moved in the change's own transaction, so this call
 * never adds to them (that would count twice): it records the report in the tracking table
 * and answers the counter's real value (csNum: the owner's collections, csFollow: followers,
 * csPost: entries).
 */
export async function recordCounterEvent(
  db: Db,
  viewer: Viewer | null,
  input: { num: 1 | -1; event: CounterEvent; csId: string; src: number; location?: string },
): Promise<{ event: CounterEvent; csId: string; value: number }> {
  const signedIn = requireViewer(viewer);
  const [collection] = await db
    .select({ followerCount: collections.followerCount, entryCount: collections.entryCount })
    .from(collections)
    .where(eq(collections.id, input.csId));
  // A deleted collection reports csNum −1 after it is gone; the others need it to exist.
  if (!collection && !(input.event === 'csNum' && input.num === -1)) throw notFound(COLLECTION_NOT_FOUND);
  await queries.insertTrackingEvent(db, {
    action: input.event,
    target: input.csId,
    value: `${input.num > 0 ? '+' : ''}${input.num};src=${input.src}`,
    userId: signedIn.id,
    location: input.location ?? '',
  });
  let value: number;
  if (input.event === 'csNum') {
    const [owner] = await db.select({ n: users.collectionCount }).from(users).where(eq(users.id, signedIn.id));
    value = owner?.n ?? 0;
  } else {
    value = input.event === 'csFollow' ? (collection?.followerCount ?? 0) : (collection?.entryCount ?? 0);
  }
  return { event: input.event, csId: input.csId, value };
}
