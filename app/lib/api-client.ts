import { TIMING } from '@core/constants.ts';
import type { Envelope } from '@core/envelope.ts';

/** Dispatched on window when a same-site request fails in transport (network error or timeout). */
export const REQUEST_ERROR_EVENT = 'jinsha:request-error';
export interface RequestErrorDetail {
  path: string;
  reason: 'network' | 'timeout';
}

/**
 * A failed call: `status` is the HTTP status (0 when no response came back), `s` the
 * envelope status, `m` the message to show. `local` marks a refusal made in the browser
 * before any request (signed-out visitor), which opens the login modal instead of an alert.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly s: number;
  readonly m: string;
  readonly local: boolean;

  constructor(status: number, s: number, m: string, options: { local?: boolean } = {}) {
    super(m);
    this.name = 'ApiError';
    this.status = status;
    this.s = s;
    this.m = m;
    this.local = options.local ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  signal?: AbortSignal;
  /** Envelope statuses that count as success; [1] unless a service says otherwise (the wallet: 1 or 2, SPEC §8). */
  okStatuses?: readonly number[];
}

function reportRequestError(detail: RequestErrorDetail) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<RequestErrorDetail>(REQUEST_ERROR_EVENT, { detail }));
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 's' in body && 'm' in body;
}

/**
 * Browser calls to our own /api: cookies go along (same origin), the envelope { s, m, d } is
 * unwrapped to `d`, and anything but s = 1 on an ok response throws an ApiError. Transport
 * failures and the 20 s timeout (SPEC §7) raise the request-health event before throwing.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMING.httpTimeoutMs);
  const abortFromCaller = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) {
      reportRequestError({ path, reason: 'timeout' });
      throw new ApiError(0, 0, '请求超时，请稍后重试');
    }
    // The caller gave up (navigation, unmount): not a failure of the network.
    if (options.signal?.aborted) throw error;
    reportRequestError({ path, reason: 'network' });
    throw new ApiError(0, 0, '网络异常，请检查网络后重试');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const body: unknown = await response.json().catch(() => null);
  if (!isEnvelope(body)) {
    throw new ApiError(response.status, 0, response.ok ? '响应格式错误' : `请求失败（${response.status}）`);
  }
  if (!response.ok || !(options.okStatuses ?? [1]).includes(body.s)) {
    throw new ApiError(response.status, body.s, body.m);
  }
  return body.d as T;
}

/**
 * Actions that need a signed-in person are refused in the browser before any request
 * (SPEC §4): without a viewer, `openLogin` shows the auth modal and the call rejects with
 * a local 401 'Unauthorized'. Returns the viewer otherwise.
 */
export function requireLoginOr<V>(viewer: V | null | undefined, openLogin: () => void): V {
  if (viewer) return viewer;
  openLogin();
  throw new ApiError(401, 0, 'Unauthorized', { local: true });
}
