import { createRoute } from '@hono/zod-openapi';
import {
  ENTRY_LIST_MAX,
  ENTRY_LIST_SEPARATOR,
  EXTENSION_EVENTS,
  TRACKED_ACTIONS,
  TRACKING_LIMITS,
} from '@core/tracking.ts';
import { ID_PATTERN } from '@core/ids.ts';
import { createGetWriteRoute, errorResponses, okResponse, z, jsonBody } from '../../http/openapi.ts';

const tags = ['track'];

const recordedSchema = z.object({ recorded: z.boolean() }).openapi('TrackingRecorded');
const TOO_FREQUENT_NOTE =
  'Bots are answered recorded: false and nothing is stored. Over TRACKING_MAX_PER_VISITOR_MINUTE a visitor gets 429 操作过于频繁，请稍后再试.';

/** A page address or referrer: any string, cut to the stored length by the service (query strings dropped). */
const urlField = z.string().max(2000).optional();

/** Entry ids joined by a pipe (SPEC §7.9); one list page at most. */
export const entryListSchema = z
  .string()
  .min(1)
  .max(ENTRY_LIST_MAX * 25)
  .transform((value, ctx) => {
    const ids = value.split(ENTRY_LIST_SEPARATOR).filter(Boolean);
    if (ids.length === 0 || ids.length > ENTRY_LIST_MAX || !ids.every((id) => ID_PATTERN.test(id))) {
      ctx.addIssue({ code: 'custom', message: `参数 entryList 须为以 | 分隔的文章 id（最多 ${ENTRY_LIST_MAX} 个）` });
      return z.NEVER;
    }
    return ids;
  });

const listStatQuery = z.object({
  entryList: entryListSchema,
  /** Which list showed them (timeline, recommend, tag…). */
  src: z.string().max(32).optional(),
  location: urlField,
});

export const genSuid = createRoute({
  method: 'get',
  path: '/gen_suid',
  tags,
  summary: 'The anonymous visitor id (SUID): the cookie’s, else a new one (set as cookie); null for bots',
  description:
    'The browser keeps it in local storage too; a valid `suid` sent back when the cookie was lost restores it.',
  request: { query: z.object({ suid: z.string().max(40).optional() }) },
  responses: { ...okResponse(z.object({ suid: z.string().nullable() })), ...errorResponses(400) },
});

export const punch = createGetWriteRoute({
  path: '/punch',
  tags,
  summary: 'Record a page view (the browser sends at most one per 300 ms)',
  description: TOO_FREQUENT_NOTE,
  request: { query: z.object({ location: urlField, referrer: urlField }) },
  responses: { ...okResponse(recordedSchema), ...errorResponses(400, 403) },
});

export const log = createGetWriteRoute({
  path: '/log',
  tags,
  summary: 'List statistics: the entries a list showed (entryList joined by a pipe; not sent when empty)',
  description: TOO_FREQUENT_NOTE,
  request: { query: listStatQuery },
  responses: { ...okResponse(recordedSchema), ...errorResponses(400, 403) },
});

export const collector = createGetWriteRoute({
  path: '/collector',
  tags,
  summary: 'Recommendation statistics: the recommended entries shown (entryList joined by a pipe; not sent when empty)',
  description: TOO_FREQUENT_NOTE,
  request: { query: listStatQuery },
  responses: { ...okResponse(recordedSchema), ...errorResponses(400, 403) },
});

export const event = createRoute({
  method: 'post',
  path: '/event',
  tags,
  summary: 'Record a behaviour event: action, target, value, referrer, location',
  description: TOO_FREQUENT_NOTE,
  request: {
    body: jsonBody(
      z.object({
        action: z.enum(TRACKED_ACTIONS),
        target: z.string().max(TRACKING_LIMITS.target).optional(),
        value: z.string().max(TRACKING_LIMITS.value).optional(),
        referrer: urlField,
        location: urlField,
      }),
    ),
  },
  responses: { ...okResponse(recordedSchema), ...errorResponses(400, 403) },
});

export const extension = createRoute({
  method: 'post',
  path: '/extension',
  tags,
  summary: 'Record an extension banner event: show, click or close (with the banner version)',
  description: TOO_FREQUENT_NOTE,
  request: {
    body: jsonBody(
      z.object({
        event: z.enum(EXTENSION_EVENTS),
        version: z.string().max(8).optional(),
        location: urlField,
      }),
    ),
  },
  responses: { ...okResponse(recordedSchema), ...errorResponses(400, 403) },
});
