/** Rules shared by the browser's forms and the API's schemas (SPEC §5), so both say the same. */

/** A mainland mobile number; the login identifier is tested against it first (SPEC §5). */
export const MAINLAND_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** The message that goes with a login answered 410 (SPEC §8). */
export const RESET_PASSWORD_MESSAGE = '为了你的账号安全，请重置密码';
