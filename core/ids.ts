/**
 * Ids are 24-character lowercase hex strings (SPEC §2.1): 8 hex digits of seconds since the
 * epoch, then 16 random ones, so ids sort roughly by creation and never collide in practice.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = new Uint8Array(8);
  globalThis.crypto.getRandomValues(random);
  return seconds + Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The route rule: exactly 24 alphanumeric characters (SPEC §2.1). */
export const ID_PATTERN = /^[0-9a-zA-Z]{24}$/;

export function isValidId(value: string | undefined | null): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** The guest placeholder's id (SPEC §3, §9). */
export const GUEST_ID = '0'.repeat(24);

/** Whether an id is the placeholder's: a deleted user or entry (SPEC §3, §9). */
export function isGuestId(id: string): boolean {
  return id === GUEST_ID;
}
