import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { STATUS, type Envelope } from '@core/envelope.ts';
import { TRANSPORT_MESSAGES, transportMessage } from '@core/messages.ts';
import { isDatabaseUnavailable } from '@db/errors.ts';
import { leaveUncompressed } from './compression.ts';
import { isAppError } from './errors.ts';
import type { AppEnv } from './context.ts';

/**
 * The one way a success is written: { s: 1, m: 'ok', d } (SPEC §7.1). Typed as `never` so a
 * handler may return it for any route contract: the service types are the source of truth
 * for `d`, and the API tests check responses against the contracts' schemas.
 */
export function ok<T>(c: Context, data: T): never {
  return json(c, { s: STATUS.ok, m: 'ok', d: data } satisfies Envelope<T>, 200) as never;
}

/**
 * c.json, except that a short answer is marked for the compression middleware to leave alone
 * without reading its headers: with one plain header object and nothing else, it reaches Node
 * without a Headers object ever being built.
 */
function json(c: Context, value: unknown, status: ContentfulStatusCode) {
  const body = JSON.stringify(value);
  const response = c.body(body, status, { 'Content-Type': 'application/json' });
  return body.length * 3 < 1024 || Buffer.byteLength(body) < 1024 ? leaveUncompressed(response) : response;
}

/** The message of the first zod issue: schemas carry the spec's Chinese texts. */
export function zodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? TRANSPORT_MESSAGES[400];
}

export const UNAVAILABLE_MESSAGE = TRANSPORT_MESSAGES[503];

/** The one place errors become the envelope and an HTTP status (SPEC §8). */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (isAppError(error)) {
    return json(c, { s: error.s, m: error.message, d: error.data } satisfies Envelope, error.status);
  }
  if (error instanceof ZodError) {
    return json(c, { s: STATUS.error, m: zodMessage(error), d: null } satisfies Envelope, 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    // Hono's own failures (malformed JSON, a wrong content type…) say the status's one text.
    return c.json({ s: STATUS.error, m: transportMessage(status), d: null } satisfies Envelope, status);
  }
  const ctx = c.get('ctx');
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL restarting or unreachable: the pool reconnects by itself; the client may retry.
    ctx?.logger.warn({ err: error, requestId: ctx.requestId }, 'database unavailable');
    c.header('Retry-After', '5');
    return c.json(
      { s: STATUS.error, m: UNAVAILABLE_MESSAGE, d: { requestId: ctx?.requestId ?? null } } satisfies Envelope,
      503,
    );
  }
  ctx?.logger.error({ err: error, requestId: ctx.requestId }, 'unhandled error');
  return c.json(
    { s: STATUS.error, m: TRANSPORT_MESSAGES[500], d: { requestId: ctx?.requestId ?? null } } satisfies Envelope,
    500,
  );
}
