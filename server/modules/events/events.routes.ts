import { createRoute } from '@hono/zod-openapi';
import { PAGE_SIZE } from '@core/constants.ts';
import { EVENT_MESSAGES, EVENT_PAGE_MAX, MONTH_PATTERN, eventFieldsSchema, eventInputSchema } from '@core/events.ts';
import { withTimeWindow } from '@core/inputs.ts';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import { createAdminRoute } from '../../http/admin-route.ts';

const tags = ['event'];
/** Administrators only (SPEC §6: admin passes every check): createAdminRoute adds the admin tag; see events.policy.ts. */
const adminTags = ['event'];

export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    city: z.string().describe('The city’s name, e.g. 北京'),
    citySlug: z.string().describe('The city in /events/{city}, e.g. beijing'),
    address: z.string(),
    url: z.string().describe('Where the event is told about and signed up for'),
    screenshot: z.string().describe('The cover image'),
    showBanner: z.boolean(),
    startedAt: z.string(),
    endedAt: z.string(),
    createdAt: z.string(),
  })
  .openapi('Event');

const citySchema = z
  .string()
  .max(20)
  .optional()
  .describe('all (the default), a city slug such as beijing, or its name 北京');

const monthSchema = z
  .string()
  .regex(MONTH_PATTERN, EVENT_MESSAGES.month)
  .optional()
  .describe('A China-time month, 2026-11: events starting in it');

export const getEventList = createRoute({
  method: 'get',
  path: '/getEventList',
  tags,
  summary: `Events by start time (orderType startTime), ${PAGE_SIZE.events} a page; banner events with showBanner 1`,
  request: {
    query: z.object({
      city: citySchema,
      month: monthSchema,
      status: z
        .enum(['coming', 'past'])
        .optional()
        .describe('coming: not ended yet, soonest first; past: ended, latest first; left out: all, soonest first'),
      showBanner: z.enum(['0', '1']).default('0').describe('1: banner events only'),
      orderType: z.enum(['startTime']).default('startTime'),
      pageNum: z.coerce.number().int().min(1).max(EVENT_PAGE_MAX).default(1).describe('One-based page number'),
      pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.events).default(PAGE_SIZE.events),
    }),
  },
  responses: {
    ...okResponse(
      z.object({ eventList: z.array(eventSchema), total: z.number(), pageNum: z.number(), pageSize: z.number() }),
    ),
    ...errorResponses(400),
  },
});

export const getMonthEventCount = createRoute({
  method: 'get',
  path: '/getMonthEventCount',
  tags,
  summary: 'How many events start in each month (China time), oldest month first',
  request: { query: z.object({ city: citySchema }) },
  responses: {
    ...okResponse(z.object({ monthList: z.array(z.object({ month: z.string(), count: z.number() })) })),
    ...errorResponses(400),
  },
});

export const getEvent = createRoute({
  method: 'get',
  path: '/getEvent',
  tags,
  summary: 'One event',
  request: { query: z.object({ eventId: idSchema }) },
  responses: { ...okResponse(eventSchema), ...errorResponses(400, 404) },
});

export const create = createAdminRoute({
  method: 'post',
  path: '/create',
  tags: adminTags,
  summary: 'Create an event (admin)',
  request: { body: jsonBody(eventInputSchema) },
  responses: { ...okResponse(eventSchema), ...errorResponses(400, 401, 403) },
});

export const update = createAdminRoute({
  method: 'post',
  path: '/update',
  tags: adminTags,
  summary: 'Replace an event’s fields (admin)',
  request: {
    body: jsonBody(withTimeWindow(eventFieldsSchema.extend({ eventId: idSchema }))),
  },
  responses: { ...okResponse(eventSchema), ...errorResponses(400, 401, 403, 404) },
});

export const remove = createAdminRoute({
  method: 'post',
  path: '/delete',
  tags: adminTags,
  summary: 'Delete an event (admin)',
  request: { body: jsonBody(z.object({ eventId: idSchema })) },
  responses: { ...okResponse(z.object({ eventId: z.string() })), ...errorResponses(400, 401, 403, 404) },
});
