import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { STATUS } from '@core/envelope.ts';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';

/**
 * The one error type services throw. `status` is the HTTP transport status, `s` the envelope
 * status (SPEC §8: 2 is not found for some services, 3 forbidden, register codes like 10013).
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly s: number;
  readonly data: unknown;

  constructor(status: ContentfulStatusCode, message: string, options: { s?: number; data?: unknown } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.s = options.s ?? STATUS.error;
    this.data = options.data ?? null;
  }
}

export const badRequest = (message: string, s: number = STATUS.error) => new AppError(400, message, { s });
export const unauthorized = (message: string = TRANSPORT_MESSAGES[401]) => new AppError(401, message);
export const forbidden = (message: string = TRANSPORT_MESSAGES[403]) =>
  new AppError(403, message, { s: STATUS.forbidden });
export const notFound = (message: string = TRANSPORT_MESSAGES[404]) =>
  new AppError(404, message, { s: STATUS.notFound });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
