import type { Ctx } from '../../http/context.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { ALL_CITIES, EVENT_MESSAGES, type EventInput, cityOf, citySlugOf, monthRange } from '@core/events.ts';
import { newId } from '@core/ids.ts';
import { isSiteOrWebLink, isUserImageUrl } from '@core/user-urls.ts';
import type { Db } from '@db/client.ts';
import { publishChange } from '../../adapters/changes.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { type Viewer, requireRole } from '../auth/auth.policy.ts';
import * as queries from './events.queries.ts';
import { MANAGE_EVENTS } from './events.policy.ts';

export type { EventStatus } from './events.queries.ts';

/** An event as the API and the pages show it (SPEC §3 Event window: startedAt, endedAt). */
export interface EventView {
  id: string;
  title: string;
  city: string;
  citySlug: string;
  address: string;
  url: string;
  screenshot: string;
  showBanner: boolean;
  startedAt: string;
  endedAt: string;
  createdAt: string;
}

function toView(row: queries.EventRow): EventView {
  return {
    id: row.id,
    title: row.title,
    city: row.city,
    citySlug: citySlugOf(row.city),
    address: row.address,
    url: row.url,
    screenshot: row.screenshot,
    showBanner: row.showBanner,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** `all`, a slug (beijing) or a name (北京) → the city's name, undefined for all; unknown → 400. */
export function readCity(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || value === ALL_CITIES) return undefined;
  const city = cityOf(value);
  if (!city) throw badRequest(EVENT_MESSAGES.city404);
  return city.name;
}

function readMonth(month: string | undefined) {
  if (!month) return {};
  const range = monthRange(month);
  if (!range) throw badRequest(EVENT_MESSAGES.month);
  return range;
}

export interface EventListOptions {
  city?: string;
  month?: string;
  status?: queries.EventStatus;
  showBanner?: boolean;
  /** One-based. */
  pageNum?: number;
  pageSize?: number;
}

/** SPEC §7.9 getEventList (orderType startTime): one page and how many there are in all. */
export async function listEvents(
  ctx: Pick<Ctx, 'db'>,
  { options, now = new Date() }: { options: EventListOptions; now?: Date },
) {
  const { db } = ctx;
  const pageNum = options.pageNum ?? 1;
  const pageSize = options.pageSize ?? PAGE_SIZE.events;
  const filter: queries.EventFilter = {
    city: readCity(options.city),
    ...readMonth(options.month),
    status: options.status,
    showBanner: options.showBanner,
    now,
  };
  const [rows, total] = await Promise.all([
    queries.selectEventPage(db, filter, { offset: (pageNum - 1) * pageSize, limit: pageSize }),
    queries.countEvents(db, filter),
  ]);
  return { eventList: rows.map(toView), total, pageNum, pageSize };
}

/** Banner events: those flagged showBanner that have not ended (pageNum 1, pageSize 20, showBanner 1). */
export async function listBannerEvents(ctx: Pick<Ctx, 'db'>, options: { city?: string } = {}) {
  const { db } = ctx;
  const { eventList } = await listEvents(
    { db },
    {
      options: {
        city: options.city,
        showBanner: true,
        status: 'coming',
        pageNum: 1,
        pageSize: PAGE_SIZE.events,
      },
    },
  );
  return eventList;
}

/** SPEC §7.9 getMonthEventCount: events per China-time month, oldest first. */
export async function countEventsByMonth(ctx: Pick<Ctx, 'db'>, options: { city?: string } = {}) {
  const { db } = ctx;
  return { monthList: await queries.selectMonthCounts(db, { city: readCity(options.city) }) };
}

export async function getEvent(ctx: Pick<Ctx, 'db'>, id: string): Promise<EventView> {
  const { db } = ctx;
  const row = await queries.selectEvent(db, id);
  if (!row) throw notFound(EVENT_MESSAGES.notFound);
  return toView(row);
}

function checkCover(input: EventInput, siteOrigin: string | undefined) {
  if (input.screenshot !== '' && !isUserImageUrl(input.screenshot, siteOrigin)) {
    throw badRequest(EVENT_MESSAGES.cover);
  }
}

/** The schema refuses /api paths; only the server knows this site's origin to refuse its absolute /api links. */
function checkLink(input: EventInput, siteOrigin: string | undefined) {
  if (!isSiteOrWebLink(input.url, siteOrigin)) throw badRequest(EVENT_MESSAGES.url);
}

function valuesOf(input: EventInput) {
  return {
    title: input.title,
    city: input.city,
    address: input.address,
    url: input.url,
    screenshot: input.screenshot,
    showBanner: input.showBanner,
    startedAt: new Date(input.startedAt),
    endedAt: new Date(input.endedAt),
  };
}

async function changed(db: Db, viewer: Viewer, id: string) {
  await publishChange(db, { kind: 'content', what: 'event', userId: viewer.id, id });
}

export async function createEvent(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { input, siteOrigin }: { input: EventInput; siteOrigin?: string },
) {
  const { db, viewer } = ctx;
  const admin = requireRole(viewer, MANAGE_EVENTS);
  checkLink(input, siteOrigin);
  checkCover(input, siteOrigin);
  const id = newId();
  await db.transaction(async (tx) => {
    await queries.insertEvent(tx, { id, userId: admin.id, ...valuesOf(input) });
    await audit(
      { db: tx },
      {
        actor: admin,
        action: 'event_create',
        targetType: 'event',
        targetId: id,
        detail: { title: input.title },
      },
    );
  });
  await changed(db, admin, id);
  return getEvent({ db }, id);
}

export async function updateEvent(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  { input, siteOrigin }: { input: EventInput & { eventId: string }; siteOrigin?: string },
) {
  const { db, viewer } = ctx;
  const admin = requireRole(viewer, MANAGE_EVENTS);
  checkLink(input, siteOrigin);
  await db.transaction(async (tx) => {
    const row = await queries.selectEvent(tx, input.eventId, { lock: true });
    if (!row) throw notFound(EVENT_MESSAGES.notFound);
    // A cover kept as it was passes (the demo's drawn covers are data: addresses).
    if (input.screenshot !== row.screenshot) checkCover(input, siteOrigin);
    await queries.updateEvent(tx, input.eventId, valuesOf(input));
    await audit(
      { db: tx },
      {
        actor: admin,
        action: 'event_update',
        targetType: 'event',
        targetId: input.eventId,
        detail: { title: input.title, before: row.title },
      },
    );
  });
  await changed(db, admin, input.eventId);
  return getEvent({ db }, input.eventId);
}

export async function deleteEvent(ctx: Pick<Ctx, 'db' | 'viewer'>, eventId: string) {
  const { db, viewer } = ctx;
  const admin = requireRole(viewer, MANAGE_EVENTS);
  await db.transaction(async (tx) => {
    const row = await queries.selectEvent(tx, eventId, { lock: true });
    if (!row) throw notFound(EVENT_MESSAGES.notFound);
    await queries.deleteEvent(tx, eventId);
    await audit(
      { db: tx },
      {
        actor: admin,
        action: 'event_delete',
        targetType: 'event',
        targetId: eventId,
        detail: { title: row.title },
      },
    );
  });
  await changed(db, admin, eventId);
  return { eventId };
}
