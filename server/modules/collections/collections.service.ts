import type { Ctx } from '../../http/context.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import type { Db, Tx } from '@db/client.ts';
import { dominantColor } from '../../adapters/images.ts';
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

export async function getCollection(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string): Promise<CollectionView> {
  const { db, viewer } = ctx;
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
async function readStoredUpload(ctx: Pick<Ctx, 'adapters'>, upload: { storageKey: string; url: string }) {
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
  ctx: Pick<Ctx, 'db' | 'adapters'>,
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
  ctx: Pick<Ctx, 'db' | 'adapters' | 'viewer'>,
  input: CollectionInput,
): Promise<{ id: string }> {
  const viewer = requireViewer(ctx.viewer);
  const { title, description } = cleanInput(input);
  const background = await resolveBackground(ctx, viewer, input.bgImgUrl);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await queries.insertCollection(tx, { id, userId: viewer.id, title, description, ...background });
    await queries.refreshCollectionHotScore(tx, id);
    await queries.moveOwnedCollectionCount(tx, viewer.id, 1);
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
  ctx: Pick<Ctx, 'db' | 'adapters' | 'viewer'>,
  { id, input }: { id: string; input: CollectionInput },
): Promise<CollectionView> {
  const viewer = requireViewer(ctx.viewer);
  const current = await requireOwnCollection(ctx.db, viewer, id);
  const { title, description } = cleanInput(input);
  // The same image keeps its mask; a new one is read again; none clears it.
  const background =
    input.bgImgUrl === current.imageUrl
      ? { imageUrl: current.imageUrl, maskColor: current.maskColor }
      : await resolveBackground(ctx, viewer, input.bgImgUrl);
  await queries.updateCollectionFields(ctx.db, id, { title, description, ...background });
  return getCollection({ db: ctx.db, viewer }, id);
}

/**
 * Deletes a collection (its owner or an admin) with every counter it held: the owner's
 * collections and collected entries, each entry's collection count, each follower's
 * followed collections.
 */
export async function deleteCollection(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string): Promise<void> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  await db.transaction(async (tx) => {
    // The entries before the collection: the order hiding and collecting take their locks in.
    await queries.lockEntriesOf(tx, id);
    const locked = await queries.lockCollection(tx, id);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (!canEdit(signedIn, locked)) throw forbidden();
    await queries.releaseEntriesOf(tx, id);
    const followerIds = await queries.selectFollowerIds(tx, id);
    await lockUsers({ db: tx }, [locked.userId, ...followerIds]);
    await queries.releaseFollowersOf(tx, followerIds);
    await queries.releaseOwnerCounters(tx, locked.userId, id);
    await queries.deleteCollectionRow(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Follow

export async function setCollectionFollow(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { id, follow }: { id: string; follow: boolean },
): Promise<{ followed: boolean; followerCount: number }> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  return db.transaction(async (tx) => {
    const locked = await queries.lockCollection(tx, id);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (follow && locked.userId === signedIn.id) throw badRequest(OWN_COLLECTION_FOLLOW);
    if (await queries.toggleCollectionFollow(tx, signedIn.id, id, follow)) {
      const step = follow ? 1 : -1;
      const followerCount = await queries.moveFollowerCount(tx, id, step);
      await queries.refreshCollectionHotScore(tx, id);
      await lockUsers({ db: tx }, [signedIn.id, locked.userId]);
      await queries.moveFollowedCollectionCount(tx, signedIn.id, step);
      if (follow) {
        await notify(
          { db: tx },
          {
            type: 'follow_collection',
            actorId: signedIn.id,
            recipientId: locked.userId,
            collectionId: id,
          },
        );
      }
      return { followed: follow, followerCount };
    }
    return { followed: follow, followerCount: locked.followerCount };
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
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { csId: string; entryId: string; add: boolean },
): Promise<CollectResult> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const result = await db.transaction(async (tx) => {
    // The entry before the collection: the order hiding takes their locks in.
    const entry = await queries.lockEntryBrief(tx, input.entryId);
    const locked = await queries.lockCollection(tx, input.csId);
    if (!locked) throw notFound(COLLECTION_NOT_FOUND);
    if (!canEdit(signedIn, locked)) throw forbidden();
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    if (await queries.toggleCollectionEntry(tx, input.csId, input.entryId, input.add)) {
      const step = input.add ? 1 : -1;
      // entry_count counts visible entries (moveCollectedEntryVisibility moves it on hide and restore).
      if (!entry.hiddenAt) await queries.moveCollectionEntryCount(tx, input.csId, step);
      await queries.refreshCollectionHotScore(tx, input.csId);
      await queries.moveEntryCollectionCount(tx, input.entryId, step);
      await lockUsers({ db: tx }, [locked.userId, ...(entry.userId ? [entry.userId] : [])]);
      await queries.moveCollectedEntriesCount(tx, locked.userId, step);
      await queries.syncCollectionTags(tx, input.csId);
      if (input.add && entry.userId) {
        await notify(
          { db: tx },
          {
            type: 'collect_entry',
            actorId: locked.userId,
            recipientId: entry.userId,
            entryId: input.entryId,
            collectionId: input.csId,
          },
        );
      }
    }
    return queries.selectCollectCounts(tx, input.csId, input.entryId);
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

/**
 * Hiding (-1) or restoring (+1) an entry, in the moderation transaction that changes hidden_at
 * (the entry row already locked): each collection holding it counts visible entries only.
 */
export async function moveCollectedEntryVisibility(
  ctx: { db: Tx },
  input: { entryId: string; delta: 1 | -1 },
): Promise<void> {
  await queries.moveEntryCountOfCollectionsHolding(ctx.db, input.entryId, input.delta);
}

/** /isInMyCollectionSet: for each entry, whether it sits in any of the viewer's collections. */
export async function isInMyCollections(ctx: Pick<Ctx, 'db' | 'viewer'>, entryIds: string[]) {
  const { db, viewer } = ctx;
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
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { page: number; recommend: boolean; rankType: 'new' | 'hot'; tag?: string },
): Promise<CollectionPage> {
  const { db, viewer } = ctx;
  const tag = options.tag && options.tag !== 'all' ? options.tag : undefined;
  const where = queries.homeFilter({ recommendedOnly: options.recommend, tagTitle: tag });
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
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { targetUserId: string; page: number; pageSize: number },
): Promise<CollectionPage> {
  const { db, viewer } = ctx;
  const owner = await queries.selectUserCollectionCounts(db, options.targetUserId);
  if (!owner) throw notFound('此用户不存在');
  const rows = await queries.selectCollectionsWhere(
    db,
    viewer?.id ?? null,
    queries.ownedBy(options.targetUserId),
    queries.orderNew,
    { limit: options.pageSize, offset: options.page * options.pageSize },
  );
  return { collectionSets: await present(db, rows, viewer), sum: owner.own };
}

/** The collections a person follows (/getFollowedCollectionSet), latest followed first. */
export async function listFollowedCollections(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { targetUserId: string; page: number; pageSize: number },
): Promise<CollectionPage> {
  const { db, viewer } = ctx;
  const person = await queries.selectUserCollectionCounts(db, options.targetUserId);
  if (!person) throw notFound('此用户不存在');
  const ids = await queries.selectFollowedCollectionIds(db, options.targetUserId, {
    limit: options.pageSize,
    offset: options.page * options.pageSize,
  });
  const rows =
    ids.length === 0
      ? []
      : await queries.selectCollectionsWhere(db, viewer?.id ?? null, queries.idIn(ids), [], {
          limit: ids.length,
          offset: 0,
        });
  const order = new Map(ids.map((id, k) => [id, k]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { collectionSets: await present(db, rows, viewer), sum: person.followed };
}

/**
 * /getUserCollectionSet/{entryId}: the viewer's collections with isIn for one entry (the
 * collect dialog). With a collection id instead, that collection's owner's collections.
 */
export async function listMyCollectionsFor(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { id: string; page: number; pageSize: number },
): Promise<{ collectionSets: CollectionWithIsIn[]; sum: number }> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const entry = await queries.selectEntryBrief(db, options.id);
  if (!entry) {
    const collection = await queries.selectCollectionById(db, signedIn.id, options.id);
    if (!collection) throw notFound(ENTRY_NOT_FOUND);
    const page = await listUserCollections({ db, viewer: signedIn }, { ...options, targetUserId: collection.userId });
    return { ...page, collectionSets: page.collectionSets.map((c) => ({ ...c, isIn: false })) };
  }
  const page = await listUserCollections({ db, viewer: signedIn }, { ...options, targetUserId: signedIn.id });
  const holding = await queries.selectCollectionsHolding(
    db,
    page.collectionSets.map((c) => c.id),
    entry.id,
  );
  return { ...page, collectionSets: page.collectionSets.map((c) => ({ ...c, isIn: holding.has(c.id) })) };
}

/** /getCollectionSetEntries: one collection's entries, zero-based pages. */
export async function listCollectionEntries(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { csId: string; page: number; rankType: 'new' | 'hot' },
) {
  const { db } = ctx;
  const collection = await queries.selectCollectionCounts(db, options.csId);
  if (!collection) throw notFound(COLLECTION_NOT_FOUND);
  const limit = COLLECTION_ENTRY_PAGE_SIZE;
  const ids = await queries.selectCollectionEntryIds(db, options.csId, options.rankType, {
    limit,
    offset: options.page * limit,
  });
  return { entrylist: await getEntriesByIds(ctx, { ids }), total: collection.entryCount };
}

export async function listHotTags(ctx: Pick<Ctx, 'db'>, count: number) {
  const { db } = ctx;
  return { tags: await queries.selectHotTags(db, count) };
}

/**
 * /getSuggestCollectionSetInfo: collections related to an entry: those holding it, most
 * followed first, then the entry author's own.
 */
export async function listSuggestedCollections(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { entryId: string; entryUserId?: string; limit: number },
): Promise<CollectionView[]> {
  const { db, viewer } = ctx;
  const holding = await queries.selectCollectionsWhere(
    db,
    viewer?.id ?? null,
    queries.holdsEntry(options.entryId),
    queries.orderMostFollowed,
    { limit: options.limit, offset: 0 },
  );
  let rows = holding;
  if (rows.length < options.limit && options.entryUserId) {
    const seen = rows.map((row) => row.id);
    const more = await queries.selectCollectionsWhere(
      db,
      viewer?.id ?? null,
      queries.ownedBy(options.entryUserId, seen),
      queries.orderMostFollowed,
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
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { num: 1 | -1; event: CounterEvent; csId: string; src: number; location?: string },
): Promise<{ event: CounterEvent; csId: string; value: number }> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const collection = await queries.selectCollectionCounts(db, input.csId);
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
    value = (await queries.selectUserCollectionCounts(db, signedIn.id))?.own ?? 0;
  } else {
    value = input.event === 'csFollow' ? (collection?.followerCount ?? 0) : (collection?.entryCount ?? 0);
  }
  return { event: input.event, csId: input.csId, value };
}
