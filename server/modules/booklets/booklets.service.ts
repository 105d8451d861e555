import type { Ctx, RequestContext } from '../../http/context.ts';
/**
 * Booklets (小册, SPEC §2.3, §7.9): reading (index, booklet page, sections with the paid-access
 * rule, views, reading progress), writing by booklet authors (booklets, sections, drafts,
 * ordering, free marks, submission) and the administrators' review and flags.
 * Purchases are pay's: this module only reads booklet_purchases to decide access.
 */
import { BOOKLET_LIMITS, BOOKLET_MESSAGES, isBookletCategory } from '@core/booklets.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { publishChange } from '../../adapters/changes.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { renderMarkdown } from '../../markdown/markdown.ts';
import { audit } from '../audit/audit.service.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { checkOwnImages } from '../uploads/uploads.service.ts';
import { PLACEHOLDER_USER, type UserBrief, getUserBriefs } from '../users/users.service.ts';
import { viewDay } from '../views/views.service.ts';
import * as queries from './booklets.queries.ts';
import { canEditBooklet, canManageBooklets, canReadSection, canWriteBooklets } from './booklets.policy.ts';

export interface BookletCard {
  id: string;
  title: string;
  summary: string;
  img: string;
  category: string;
  price: number;
  isHot: boolean;
  isTop: boolean;
  isDraft: boolean;
  isFinished: boolean;
  submittedAt: string | null;
  sectionCount: number;
  buyCount: number;
  viewCount: number;
  user: UserBrief;
  createdAt: string;
  updatedAt: string;
}

export interface SectionBrief {
  id: string;
  title: string;
  position: number;
  isFree: boolean;
  isDraft: boolean;
  readingMinutes: number;
  viewCount: number;
  commentCount: number;
  updatedAt: string;
}

export interface ReadingProgress {
  sectionId: string;
  title: string;
  position: number;
  updatedAt: string;
}

export interface BookletDetail extends BookletCard {
  description: string;
  descriptionHtml: string;
  /** The viewer bought it (always false for visitors). */
  bought: boolean;
  /** The viewer may edit it (author or admin): drafts are listed for them. */
  canEdit: boolean;
  sections: SectionBrief[];
  progress: ReadingProgress | null;
}

export interface SectionReading {
  booklet: BookletDetail;
  section: SectionBrief & { content: string | null; contentHtml: string };
  /** The viewer may not read it all: contentHtml is its first part. */
  locked: boolean;
  prev: SectionBrief | null;
  next: SectionBrief | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function sectionBrief(row: queries.SectionRow): SectionBrief {
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    isFree: row.isFree,
    isDraft: row.isDraft,
    readingMinutes: row.readingMinutes,
    viewCount: row.viewCount,
    commentCount: row.commentCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function cards(db: Db, rows: queries.BookletRow[]): Promise<BookletCard[]> {
  const briefs = await getUserBriefs({ db }, [...new Set(rows.map((r) => r.userId))]);
  const byId = new Map(briefs.map((u) => [u.id, u]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    img: row.img,
    category: row.category,
    price: row.price,
    isHot: row.isHot,
    isTop: row.isTop,
    isDraft: row.isDraft,
    isFinished: row.isFinished,
    submittedAt: iso(row.submittedAt),
    sectionCount: row.sectionCount,
    buyCount: row.buyCount,
    viewCount: row.viewCount,
    user: byId.get(row.userId) ?? PLACEHOLDER_USER,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A booklet the viewer may see: published ones for everyone, drafts for their author and admins. */
async function visibleBooklet(db: Db, viewer: Viewer | null, id: string) {
  const row = await queries.selectBooklet(db, id);
  if (!row || (row.isDraft && !canEditBooklet(viewer, row))) throw notFound(BOOKLET_MESSAGES.notFound);
  return row;
}

async function isBought(db: Db, viewer: Viewer | null, bookletId: string): Promise<boolean> {
  if (!viewer) return false;
  return (await queries.selectBoughtIds(db, viewer.id, [bookletId])).has(bookletId);
}

async function progressOf(db: Db, viewer: Viewer | null, bookletIds: string[]) {
  if (!viewer || bookletIds.length === 0) return new Map<string, ReadingProgress>();
  const rows = await queries.selectProgress(db, viewer.id, bookletIds);
  return new Map(
    rows.map((r) => [
      r.bookletId,
      { sectionId: r.sectionId, title: r.title, position: r.position, updatedAt: r.updatedAt.toISOString() },
    ]),
  );
}

/** /get: the booklet page's data. */
export async function getBooklet(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string): Promise<BookletDetail> {
  const { db, viewer } = ctx;
  const row = await visibleBooklet(db, viewer, id);
  const canEdit = canEditBooklet(viewer, row);
  const [[card], sectionRows, bought, progress] = await Promise.all([
    cards(db, [row]),
    queries.selectSections(db, id),
    isBought(db, viewer, id),
    progressOf(db, viewer, [id]),
  ]);
  const sections = sectionRows.filter((s) => canEdit || !s.isDraft).map(sectionBrief);
  const saved = progress.get(id) ?? null;
  return {
    ...card,
    description: row.description,
    descriptionHtml: renderMarkdown(row.description).html,
    bought,
    canEdit,
    sections,
    // Progress on a section that is no longer shown (unpublished) is not offered.
    progress: saved && sections.some((s) => s.id === saved.sectionId) ? saved : null,
  };
}

export interface BookletReview {
  id: string;
  content: string;
  likeCount: number;
  createdAt: string;
  user: UserBrief;
  section: { id: string; title: string };
}

/**
 * The booklet page's reviews: the newest first-level comments on its sections (the comment
 * service's target is the section, SPEC §7.4), each with the section it was left on.
 */
export async function listBookletReviews(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { booklet, limit = 6 }: { booklet: Pick<BookletDetail, 'sections'>; limit?: number },
): Promise<BookletReview[]> {
  const { db, viewer } = ctx;
  const titles = new Map(booklet.sections.map((s) => [s.id, s.title]));
  const rows = await queries.selectRecentSectionComments(db, [...titles.keys()], limit, viewer?.id ?? null);
  const briefs = await getUserBriefs({ db }, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  const byId = new Map(briefs.map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    likeCount: r.likeCount,
    createdAt: r.createdAt.toISOString(),
    user: (r.userId && byId.get(r.userId)) || PLACEHOLDER_USER,
    section: { id: r.sectionId, title: titles.get(r.sectionId) ?? '' },
  }));
}

/** /getListSection: the sections of a booklet in reading order. */
export async function listSections(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string) {
  const { db, viewer } = ctx;
  const booklet = await getBooklet({ db, viewer }, id);
  return { sections: booklet.sections };
}

/** The first part of a locked section: whole paragraphs up to about a fifth of the text. */
export function previewSource(content: string): string {
  const blocks = content.split(/\n{2,}/);
  const budget = Math.max(BOOKLET_LIMITS.previewMinChars, Math.round(content.length * BOOKLET_LIMITS.previewShare));
  const kept: string[] = [];
  let used = 0;
  for (const block of blocks) {
    if (kept.length > 0 && used + block.length > budget) break;
    kept.push(block);
    used += block.length;
    if (used >= budget) break;
  }
  let source = kept.join('\n\n');
  // A code fence cut open would swallow what follows it: close it.
  if ((source.match(/^```/gm) ?? []).length % 2 === 1) source += '\n```';
  if (source.length > budget * 2) source = `${source.slice(0, budget)}…`;
  return source;
}

/** /getSection: a section in full for those who may read it, its first part for the others. */
export async function getSection(ctx: Pick<Ctx, 'db' | 'viewer'>, sectionId: string): Promise<SectionReading> {
  const { db, viewer } = ctx;
  const row = await queries.selectSection(db, sectionId);
  if (!row) throw notFound(BOOKLET_MESSAGES.sectionNotFound);
  const booklet = await getBooklet({ db, viewer }, row.bookletId).catch((error) => {
    throw error?.status === 404 ? notFound(BOOKLET_MESSAGES.sectionNotFound) : error;
  });
  if (row.isDraft && !booklet.canEdit) throw notFound(BOOKLET_MESSAGES.sectionNotFound);
  const locked = !canReadSection(viewer, { userId: booklet.user.id, price: booklet.price }, row, booklet.bought);
  const index = booklet.sections.findIndex((s) => s.id === row.id);
  return {
    booklet,
    section: {
      ...sectionBrief(row),
      content: locked ? null : row.content,
      contentHtml: locked ? renderMarkdown(previewSource(row.content)).html : row.contentHtml,
    },
    locked,
    prev: index > 0 ? booklet.sections[index - 1] : null,
    next: index >= 0 && index < booklet.sections.length - 1 ? booklet.sections[index + 1] : null,
  };
}

/** /getListByLastTime: published booklets, latest update first, keyset pointer. */
export async function listBookletsByLastTime(
  ctx: Pick<Ctx, 'db'>,
  options: { category?: string; before?: string; limit?: number },
): Promise<{ list: BookletCard[]; pointer: string | null }> {
  const { db } = ctx;
  const limit = options.limit ?? BOOKLET_LIMITS.pageSize;
  const rows = await queries.selectBookletPage(db, {
    category: options.category,
    cursor: readPointer(options.before),
    limit,
    isDraft: false,
  });
  return { list: await cards(db, rows), pointer: nextPointer(rows, limit, (r) => [r.updatedAt, r.id]) };
}

/** /getHot: top, then hot, then best-selling published booklets. */
export async function listHotBooklets(ctx: Pick<Ctx, 'db'>, options: { category?: string; limit?: number }) {
  const { db } = ctx;
  const rows = await queries.selectHotBooklets(db, {
    category: options.category,
    limit: options.limit ?? BOOKLET_LIMITS.hotSize,
  });
  return { list: await cards(db, rows) };
}

/** /userBuyList: the ids of the booklets the viewer bought (to mark 已购 on cards). */
export async function listBoughtIds(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  return { ids: await queries.selectPurchasedIds(db, signedIn.id, 1000) };
}

export interface BoughtBooklet extends BookletCard {
  boughtAt: string;
  progress: ReadingProgress | null;
}

/** /getListBuy: the viewer's purchases, latest first, each with where they left off. */
export async function listBoughtBooklets(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { before?: string; limit?: number } = {},
): Promise<{ list: BoughtBooklet[]; pointer: string | null }> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const limit = options.limit ?? BOOKLET_LIMITS.pageSize;
  const purchases = await queries.selectPurchasePage(db, {
    userId: signedIn.id,
    cursor: readPointer(options.before),
    limit,
  });
  const ids = purchases.map((p) => p.bookletId);
  const [rows, progress] = await Promise.all([queries.selectBookletsByIds(db, ids), progressOf(db, signedIn, ids)]);
  const byId = new Map((await cards(db, rows)).map((c) => [c.id, c]));
  const list = purchases.flatMap((p) => {
    const card = byId.get(p.bookletId);
    return card ? [{ ...card, boughtAt: p.boughtAt.toISOString(), progress: progress.get(p.bookletId) ?? null }] : [];
  });
  return { list, pointer: nextPointer(purchases, limit, (p) => [p.boughtAt, p.id]) };
}

type ViewContext = Pick<RequestContext, 'db' | 'viewer' | 'suid' | 'isBot'>;

function visitorOf(ctx: ViewContext): string {
  return ctx.viewer ? ctx.viewer.id : `s:${ctx.suid}`;
}

/** /viewCountDetail: a view of a booklet page, counted once per visitor per day, never for bots. */
export async function countBookletView(ctx: ViewContext, { id, now = new Date() }: { id: string; now?: Date }) {
  const booklet = await visibleBooklet(ctx.db, ctx.viewer, id);
  if (ctx.isBot) return { counted: false, viewCount: booklet.viewCount };
  return ctx.db.transaction(async (tx) => {
    const first = await queries.insertView(tx, { targetId: id, visitorId: visitorOf(ctx), day: viewDay(now) });
    if (!first) return { counted: false, viewCount: booklet.viewCount };
    return { counted: true, viewCount: (await queries.addBookletView(tx, id)) ?? booklet.viewCount };
  });
}

/**
 * /viewCountContent: a view of a section, counted once per visitor per day (never for bots); for
 * a signed-in reader who may read it, it is also where they left off.
 */
export async function countSectionView(
  ctx: ViewContext,
  { sectionId, now = new Date() }: { sectionId: string; now?: Date },
) {
  const reading = await getSection(ctx, sectionId);
  const viewer = ctx.viewer;
  return ctx.db.transaction(async (tx) => {
    if (viewer && !reading.locked) {
      await queries.upsertProgress(tx, { userId: viewer.id, bookletId: reading.booklet.id, sectionId });
    }
    if (ctx.isBot) return { counted: false, viewCount: reading.section.viewCount };
    const first = await queries.insertView(tx, { targetId: sectionId, visitorId: visitorOf(ctx), day: viewDay(now) });
    if (!first) return { counted: false, viewCount: reading.section.viewCount };
    return { counted: true, viewCount: (await queries.addSectionView(tx, sectionId)) ?? reading.section.viewCount };
  });
}

/* ---- Writing (booklet authors) ---- */

export interface BookletInput {
  title: string;
  summary?: string;
  description?: string;
  img?: string;
  category: string;
  price: number;
  isFinished?: boolean;
}

function checkBookletInput(input: Partial<BookletInput>) {
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw badRequest(BOOKLET_MESSAGES.titleRequired);
    if (Array.from(title).length > BOOKLET_LIMITS.titleMax) throw badRequest(BOOKLET_MESSAGES.titleTooLong);
  }
  if (input.summary !== undefined && Array.from(input.summary).length > BOOKLET_LIMITS.summaryMax) {
    throw badRequest(BOOKLET_MESSAGES.summaryTooLong);
  }
  if (input.description !== undefined && input.description.length > BOOKLET_LIMITS.descriptionMax) {
    throw badRequest(BOOKLET_MESSAGES.descriptionTooLong);
  }
  if (input.category !== undefined && !isBookletCategory(input.category)) {
    throw badRequest(BOOKLET_MESSAGES.categoryInvalid);
  }
  if (
    input.price !== undefined &&
    (!Number.isInteger(input.price) || input.price < 0 || input.price > BOOKLET_LIMITS.priceMax)
  ) {
    throw badRequest(BOOKLET_MESSAGES.priceInvalid);
  }
}

function requireWriter(viewer: Viewer | null): Viewer {
  const signedIn = requireViewer(viewer);
  if (!canWriteBooklets(signedIn)) throw forbidden(BOOKLET_MESSAGES.notAuthor);
  return signedIn;
}

async function announce(db: Db, viewer: Viewer, id: string) {
  await publishChange(db, { kind: 'content', what: 'booklet', userId: viewer.id, id });
}

/** Creates a draft booklet of the viewer's (a booklet author, or an admin). */
export async function createBooklet(ctx: Pick<Ctx, 'db' | 'viewer'>, input: BookletInput) {
  const { db, viewer } = ctx;
  const author = requireWriter(viewer);
  checkBookletInput(input);
  if (input.img) await checkOwnImages({ db }, { userId: author.id, urls: [input.img], max: 1 });
  const id = newId();
  await db.transaction((tx) =>
    queries.insertBooklet(tx, {
      id,
      userId: author.id,
      title: input.title.trim(),
      summary: input.summary?.trim() ?? '',
      description: input.description ?? '',
      img: input.img ?? '',
      category: input.category,
      price: input.price,
      isFinished: input.isFinished ?? false,
      isDraft: true,
    }),
  );
  return getBooklet({ db, viewer: author }, id);
}

/** Loads a booklet for a write by its author or an admin, locked for the transaction. */
async function editableBooklet(tx: Parameters<Parameters<Db['transaction']>[0]>[0], viewer: Viewer, id: string) {
  const row = await queries.selectBooklet(tx, id, { lock: true });
  if (!row) throw notFound(BOOKLET_MESSAGES.notFound);
  if (!canEditBooklet(viewer, row)) throw forbidden();
  return row;
}

export async function updateBooklet(ctx: Pick<Ctx, 'db' | 'viewer'>, input: Partial<BookletInput> & { id: string }) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  checkBookletInput(input);
  const { id, ...fields } = input;
  if (fields.img) await checkOwnImages({ db }, { userId: signedIn.id, urls: [fields.img], max: 1 });
  await db.transaction(async (tx) => {
    await editableBooklet(tx, signedIn, id);
    await queries.updateBooklet(tx, id, {
      ...fields,
      ...(fields.title !== undefined ? { title: fields.title.trim() } : {}),
      ...(fields.summary !== undefined ? { summary: fields.summary.trim() } : {}),
    });
  });
  await announce(db, signedIn, id);
  return getBooklet({ db, viewer: signedIn }, id);
}

/** The viewer's own booklets, drafts included (/editor/book and 我的小册). */
export async function listMyBooklets(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const rows = await queries.selectBookletPage(db, { userId: signedIn.id, cursor: null, limit: 100 });
  return { list: await cards(db, rows) };
}

export interface SectionInput {
  title: string;
  content: string;
  isFree?: boolean;
}

function checkSectionInput(input: Partial<SectionInput>) {
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw badRequest(BOOKLET_MESSAGES.sectionTitleRequired);
    if (Array.from(title).length > BOOKLET_LIMITS.sectionTitleMax) {
      throw badRequest(BOOKLET_MESSAGES.sectionTitleTooLong);
    }
  }
  if (input.content !== undefined && input.content.length > BOOKLET_LIMITS.sectionContentMax) {
    throw badRequest(BOOKLET_MESSAGES.sectionContentTooLong);
  }
}

function rendered(content: string) {
  const out = renderMarkdown(content);
  return { contentHtml: out.html, readingMinutes: Math.min(Math.max(out.readingMinutes, 1), 999) };
}

/** Appends a draft section to a booklet of the viewer's. */
export async function createSection(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: SectionInput & { bookletId: string },
): Promise<SectionReading> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  checkSectionInput(input);
  const id = newId();
  await db.transaction(async (tx) => {
    await editableBooklet(tx, signedIn, input.bookletId);
    const counts = await queries.countSections(tx, input.bookletId);
    if (counts.all >= BOOKLET_LIMITS.sectionsMax) throw badRequest(BOOKLET_MESSAGES.tooManySections);
    await queries.insertSection(tx, {
      id,
      bookletId: input.bookletId,
      title: input.title.trim(),
      content: input.content,
      ...rendered(input.content),
      position: await queries.nextSectionPosition(tx, input.bookletId),
      isFree: input.isFree ?? false,
      isDraft: true,
    });
  });
  return getSection({ db, viewer: signedIn }, id);
}

/** Loads a section and its booklet for a write, both locked (booklet first: one lock order). */
async function editableSection(tx: Parameters<Parameters<Db['transaction']>[0]>[0], viewer: Viewer, id: string) {
  const probe = await queries.selectSection(tx, id);
  if (!probe) throw notFound(BOOKLET_MESSAGES.sectionNotFound);
  const booklet = await editableBooklet(tx, viewer, probe.bookletId);
  const section = await queries.selectSection(tx, id, { lock: true });
  if (!section) throw notFound(BOOKLET_MESSAGES.sectionNotFound);
  return { booklet, section };
}

export async function updateSection(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: Partial<SectionInput> & { sectionId: string },
): Promise<SectionReading> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  checkSectionInput(input);
  const bookletId = await db.transaction(async (tx) => {
    const { booklet, section } = await editableSection(tx, signedIn, input.sectionId);
    await queries.updateSection(tx, section.id, {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      ...(input.content !== undefined ? { content: input.content, ...rendered(input.content) } : {}),
      ...(input.isFree !== undefined ? { isFree: input.isFree } : {}),
    });
    return booklet.id;
  });
  await announce(db, signedIn, bookletId);
  return getSection({ db, viewer: signedIn }, input.sectionId);
}

/**
 * Publishes a section (readers see it once the booklet is approved) or takes it back to the
 * drafts; the booklet's section count follows in the same transaction.
 */
export async function publishSection(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { sectionId: string; publish: boolean },
): Promise<SectionReading> {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const bookletId = await db.transaction(async (tx) => {
    const { booklet, section } = await editableSection(tx, signedIn, input.sectionId);
    if (input.publish) {
      if (!section.title.trim()) throw badRequest(BOOKLET_MESSAGES.sectionTitleRequired);
      if (!section.content.trim()) throw badRequest(BOOKLET_MESSAGES.sectionContentRequired);
    }
    if (section.isDraft === !input.publish) return booklet.id;
    await queries.updateSection(tx, section.id, { isDraft: !input.publish });
    const counts = await queries.countSections(tx, booklet.id);
    await queries.setSectionCount(tx, booklet.id, counts.published);
    // A newly published section of a booklet on sale moves it up the "latest" list.
    if (input.publish && !booklet.isDraft) await queries.updateBooklet(tx, booklet.id, {});
    return booklet.id;
  });
  await announce(db, signedIn, bookletId);
  return getSection({ db, viewer: signedIn }, input.sectionId);
}

export async function deleteSection(ctx: Pick<Ctx, 'db' | 'viewer'>, sectionId: string) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const bookletId = await db.transaction(async (tx) => {
    const { booklet, section } = await editableSection(tx, signedIn, sectionId);
    await queries.deleteSection(tx, section.id);
    const remaining = (await queries.selectSections(tx, booklet.id)).map((s) => s.id);
    await queries.renumberSections(tx, remaining);
    const counts = await queries.countSections(tx, booklet.id);
    await queries.setSectionCount(tx, booklet.id, counts.published);
    return booklet.id;
  });
  await announce(db, signedIn, bookletId);
  return { sectionId, bookletId };
}

/** Moves a section to a position (0-based) in its booklet; the others close up around it. */
export async function moveSection(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { sectionId: string; position: number }) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const bookletId = await db.transaction(async (tx) => {
    const { booklet } = await editableSection(tx, signedIn, input.sectionId);
    const ids = (await queries.selectSections(tx, booklet.id)).map((s) => s.id).filter((id) => id !== input.sectionId);
    const at = Math.max(0, Math.min(input.position, ids.length));
    ids.splice(at, 0, input.sectionId);
    await queries.renumberSections(tx, ids);
    return booklet.id;
  });
  await announce(db, signedIn, bookletId);
  return listSections({ db, viewer: signedIn }, bookletId);
}

/** The author asks for review: it needs a summary and at least one published section. */
export async function submitBooklet(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  await db.transaction(async (tx) => {
    const booklet = await editableBooklet(tx, signedIn, id);
    if (!booklet.isDraft) throw badRequest(BOOKLET_MESSAGES.alreadyPublished);
    if (!booklet.summary.trim()) throw badRequest(BOOKLET_MESSAGES.submitNeedsSummary);
    if ((await queries.countSections(tx, id)).published === 0) throw badRequest(BOOKLET_MESSAGES.submitNeedsSection);
    await queries.updateBooklet(tx, id, { submittedAt: new Date() });
  });
  return getBooklet({ db, viewer: signedIn }, id);
}

/* ---- Administration ---- */

function requireAdmin(viewer: Viewer | null): Viewer {
  const signedIn = requireViewer(viewer);
  if (!canManageBooklets(signedIn)) throw forbidden('Forbidden');
  return signedIn;
}

/** An administrator puts a submitted booklet on sale: it leaves the drafts, its author's count moves. */
export async function approveBooklet(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string) {
  const { db, viewer } = ctx;
  const admin = requireAdmin(viewer);
  await db.transaction(async (tx) => {
    const booklet = await queries.selectBooklet(tx, id, { lock: true });
    if (!booklet) throw notFound(BOOKLET_MESSAGES.notFound);
    if (!booklet.isDraft) throw badRequest(BOOKLET_MESSAGES.alreadyPublished);
    if (!booklet.submittedAt) throw badRequest(BOOKLET_MESSAGES.notSubmitted);
    await queries.updateBooklet(tx, id, { isDraft: false });
    await queries.addWroteBookCount(tx, booklet.userId, 1);
    await audit(
      { db: tx },
      {
        actor: admin,
        action: 'booklet_approve',
        targetType: 'booklet',
        targetId: id,
        detail: { title: booklet.title },
      },
    );
  });
  await announce(db, admin, id);
  return getBooklet({ db, viewer: admin }, id);
}

/** /isFreeSection: an administrator marks a section free or paid. */
export async function setSectionFree(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { sectionId: string; isFree: boolean }) {
  const { db, viewer } = ctx;
  const admin = requireAdmin(viewer);
  const bookletId = await db.transaction(async (tx) => {
    const { booklet } = await editableSection(tx, admin, input.sectionId);
    await queries.updateSection(tx, input.sectionId, { isFree: input.isFree });
    await audit(
      { db: tx },
      {
        actor: admin,
        action: 'booklet_section_free',
        targetType: 'booklet_section',
        targetId: input.sectionId,
        detail: { bookletId: booklet.id, isFree: input.isFree },
      },
    );
    return booklet.id;
  });
  await announce(db, admin, bookletId);
  return { sectionId: input.sectionId, isFree: input.isFree };
}

/** /isHot and /isTop: an administrator's flags on a booklet. */
export async function setBookletFlag(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { id: string; flag: 'isHot' | 'isTop'; value: boolean },
) {
  const { db, viewer } = ctx;
  const admin = requireAdmin(viewer);
  await db.transaction(async (tx) => {
    const booklet = await queries.selectBooklet(tx, input.id, { lock: true });
    if (!booklet) throw notFound(BOOKLET_MESSAGES.notFound);
    await queries.setBookletFlags(tx, input.id, { [input.flag]: input.value });
    await audit(
      { db: tx },
      {
        actor: admin,
        action: input.flag === 'isHot' ? 'booklet_hot' : 'booklet_top',
        targetType: 'booklet',
        targetId: input.id,
        detail: { value: input.value },
      },
    );
  });
  await announce(db, admin, input.id);
  return { id: input.id, value: input.value };
}

/** /getList: every booklet for administrators, filtered by draft state and author; keyset pointer. */
export async function listBookletsForAdmin(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  options: { isDraft?: boolean; uid?: string; submitted?: boolean; before?: string; limit?: number },
) {
  const { db, viewer } = ctx;
  requireAdmin(viewer);
  const limit = options.limit ?? BOOKLET_LIMITS.pageSize;
  if (options.submitted) {
    const rows = await queries.selectSubmittedBooklets(db, 100);
    return { list: await cards(db, rows), pointer: null };
  }
  const rows = await queries.selectBookletPage(db, {
    cursor: readPointer(options.before),
    limit,
    isDraft: options.isDraft,
    userId: options.uid,
  });
  return { list: await cards(db, rows), pointer: nextPointer(rows, limit, (r) => [r.updatedAt, r.id]) };
}
