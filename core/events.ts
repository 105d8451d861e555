/**
 * Events (SPEC §2.3 /events/{city?}, §3 Event window, §7.9): the cities, the months and the rules
 * of an event, shared by the API contracts, the admin form and the pages.
 *
 * Events happen in mainland China, so their days and months are China time (UTC+8, no daylight
 * saving) for everyone, on the server and in every browser.
 */
import { z } from 'zod';
import { CHINA_OFFSET_MS } from './format.ts';
import { instantSchema, withTimeWindow } from './inputs.ts';
import { isSiteOrWebLink } from './user-urls.ts';

/** The cities events are listed under; `all` in the URL lists every city. */
export const EVENT_CITIES = [
  { slug: 'beijing', name: '北京' },
  { slug: 'shanghai', name: '上海' },
  { slug: 'hangzhou', name: '杭州' },
  { slug: 'shenzhen', name: '深圳' },
  { slug: 'guangzhou', name: '广州' },
  { slug: 'chengdu', name: '成都' },
  { slug: 'nanjing', name: '南京' },
  { slug: 'wuhan', name: '武汉' },
  { slug: 'xian', name: '西安' },
] as const;

export type EventCity = (typeof EVENT_CITIES)[number];
export type EventCityName = EventCity['name'];

export const ALL_CITIES = 'all';

export const EVENT_CITY_NAMES = EVENT_CITIES.map((c) => c.name) as [EventCityName, ...EventCityName[]];

/** The city of a URL slug (beijing) or name (北京); undefined for `all` and for unknown ones. */
export function cityOf(value: string | undefined | null): EventCity | undefined {
  if (!value) return undefined;
  return EVENT_CITIES.find((c) => c.slug === value || c.name === value);
}

export function citySlugOf(name: string): string {
  return EVENT_CITIES.find((c) => c.name === name)?.slug ?? ALL_CITIES;
}

/** A month as the URLs and the month counts name it: 2026-11. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The instants a China-time month starts and ends (exclusive), or null for a malformed month. */
export function monthRange(month: string): { from: Date; to: Date } | null {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < 2000 || year > 2100) return null;
  return {
    from: new Date(Date.UTC(year, index, 1) - CHINA_OFFSET_MS),
    to: new Date(Date.UTC(year, index + 1, 1) - CHINA_OFFSET_MS),
  };
}

/** The China-time month of an instant: 2026-11. */
export function monthOf(at: Date | string | number): string {
  const shifted = new Date(new Date(at).getTime() + CHINA_OFFSET_MS);
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 2026-11 → 2026年11月 */
export function monthLabel(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  return match ? `${match[1]}年${Number(match[2])}月` : month;
}

/** A value of an <input type="datetime-local"> (China time) → an ISO instant with +08:00; '' when malformed. */
export function chinaLocalToIso(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(local);
  return match ? `${match[1]}T${match[2]}:00+08:00` : '';
}

/** An instant → the China-time value of an <input type="datetime-local">. */
export function isoToChinaLocal(at: string | Date): string {
  const shifted = new Date(new Date(at).getTime() + CHINA_OFFSET_MS);
  return shifted.toISOString().slice(0, 16);
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** China-time parts of an instant, computed by hand so the server and every browser write the same text. */
function chinaParts(at: Date) {
  const shifted = new Date(at.getTime() + CHINA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())} ${WEEKDAYS[shifted.getUTCDay()]}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/**
 * The time window as people read it, in China time: `2026/12/03 周四 14:00 – 17:00`, or with
 * the end day when the event runs over several days.
 */
export function formatEventWindow(startedAt: string, endedAt: string): string {
  const start = chinaParts(new Date(startedAt));
  const end = chinaParts(new Date(endedAt));
  if (start.day === end.day) return `${start.day} ${start.time} – ${end.time}`;
  return `${start.day} ${start.time} – ${end.day} ${end.time}`;
}

/** Where an event stands now. */
export function eventPhase(event: { startedAt: string; endedAt: string }, now = Date.now()) {
  if (new Date(event.endedAt).getTime() <= now) return 'past' as const;
  if (new Date(event.startedAt).getTime() <= now) return 'ongoing' as const;
  return 'coming' as const;
}

/** The most page numbers an event list goes to: 50 pages of 20. */
export const EVENT_PAGE_MAX = 50;

export const EVENT_LIMITS = { title: 100, address: 200, url: 500 } as const;

export const EVENT_MESSAGES = {
  notFound: '活动不存在',
  titleEmpty: '请填写活动名称',
  titleTooLong: `活动名称不能超过${EVENT_LIMITS.title}个字`,
  city: '请选择城市',
  addressEmpty: '请填写活动地点',
  addressTooLong: `活动地点不能超过${EVENT_LIMITS.address}个字`,
  url: '活动链接格式有误',
  cover: '封面只能是本站上传的图片或 http(s) 外链',
  startedAt: '请填写开始时间',
  endedAt: '请填写结束时间',
  month: '月份格式有误',
  city404: '城市不存在',
} as const;

/**
 * What an administrator writes about an event. The cover is checked as user images are
 * (core/user-urls.ts) by the service, which knows the site's origin.
 */
export const eventFieldsSchema = z.object({
  title: z
    .string({ error: EVENT_MESSAGES.titleEmpty })
    .trim()
    .min(1, EVENT_MESSAGES.titleEmpty)
    .max(EVENT_LIMITS.title, EVENT_MESSAGES.titleTooLong),
  city: z.enum(EVENT_CITY_NAMES, { error: EVENT_MESSAGES.city }),
  address: z
    .string({ error: EVENT_MESSAGES.addressEmpty })
    .trim()
    .min(1, EVENT_MESSAGES.addressEmpty)
    .max(EVENT_LIMITS.address, EVENT_MESSAGES.addressTooLong),
  url: z
    .string({ error: EVENT_MESSAGES.url })
    .trim()
    .max(EVENT_LIMITS.url, EVENT_MESSAGES.url)
    .refine(isSiteOrWebLink, EVENT_MESSAGES.url),
  screenshot: z.string().trim().max(4096, EVENT_MESSAGES.cover).default(''),
  showBanner: z.boolean().default(false),
  startedAt: instantSchema(EVENT_MESSAGES.startedAt),
  endedAt: instantSchema(EVENT_MESSAGES.endedAt),
});

export const eventInputSchema = withTimeWindow(eventFieldsSchema);

export type EventInput = z.infer<typeof eventInputSchema>;
