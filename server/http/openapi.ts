import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import { STATUS } from '@core/envelope.ts';
import { ID_PATTERN } from '@core/ids.ts';
import { installFieldMessages } from '@core/messages.ts';
import type { AppEnv } from './context.ts';
import { zodMessage } from './envelope.ts';
import { getWriteGuard } from './security.ts';

// Schema failures read in Chinese, naming the field, wherever a schema did not word them itself.
installFieldMessages();

/** A router for one API service; every bad input fails the same way: 400 with the schema's message. */
export function createApi() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ s: STATUS.error, m: zodMessage(result.error), d: null }, 400);
      }
    },
  });
}

export type Api = ReturnType<typeof createApi>;

const errorEnvelope = z.object({ s: z.number(), m: z.string(), d: z.unknown() }).openapi('ErrorEnvelope');

/** The success envelope around a data schema, for response contracts. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ s: z.literal(1), m: z.literal('ok'), d: data });
}

export function okResponse<T extends z.ZodType>(data: T, description = 'ok') {
  return {
    200: { description, content: { 'application/json': { schema: envelopeOf(data) } } },
  } as const;
}

/** A required JSON request body checked by the schema, for request contracts. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** A request whose only input is a JSON body checked by the schema. */
export function jsonRequest<T extends z.ZodType>(schema: T) {
  return { body: jsonBody(schema) };
}

/** Error responses an operation can give, documented once. */
type ErrorStatus = 400 | 401 | 403 | 404 | 410 | 413 | 429;
type ErrorResponse = { description: string; content: { 'application/json': { schema: typeof errorEnvelope } } };

export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ErrorResponse> {
  const descriptions: Record<number, string> = {
    400: 'Bad request: the message is the spec’s validation text',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not found',
    410: 'Password reset required',
    413: 'Request body too large',
    429: 'Too many requests: 操作过于频繁，请稍后再试 (new accounts: docs/trust-levels.md)',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status], content: { 'application/json': { schema: errorEnvelope } } },
    ]),
  ) as Record<S, ErrorResponse>;
}

/** A 24-character id (SPEC §2.1) in a query, path or body. */
export const idSchema = z.string().regex(ID_PATTERN);

export { z };

/** Marks, in the OpenAPI document, a GET that changes state (the hostile-input suite reads it). */
export const GET_WRITE_EXTENSION = 'x-get-write';

/**
 * A GET that changes state (the spec keeps entryDel, subscribe.php, read-all… on GET): guarded so
 * that only a script on our own page may call it (getWriteGuard), never an image, link or form.
 */
export function createGetWriteRoute<const R extends Omit<RouteConfig, 'method' | 'middleware'>>(config: R) {
  return createRoute({
    ...config,
    method: 'get',
    middleware: [getWriteGuard] as const,
    [GET_WRITE_EXTENSION]: true,
    description: `${config.description ? `${config.description} ` : ''}Changes state: refused with 403 unless it is a script's request from this site's own pages (Sec-Fetch-Site same-origin, Sec-Fetch-Dest empty).`,
  } as R & { method: 'get'; middleware: [typeof getWriteGuard] });
}
