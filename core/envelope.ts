/** The response envelope of SPEC §7.1: s is 1 on success, otherwise m carries the message. */
export interface Envelope<T = unknown> {
  s: number;
  m: string;
  d: T;
}

export const STATUS = {
  ok: 1,
  /** Not found for some services, success-with-empty for others (SPEC §8). */
  notFound: 2,
  forbidden: 3,
  error: 0,
} as const;
