import { TIMING } from '@core/constants.ts';
import type { OAuthProvider } from '@core/account-settings.ts';

/** What the /oauth/done page tells the window that opened it. */
export interface OAuthPopupMessage {
  type: 'jinsha:oauth';
  result: 'created' | 'signed-in' | 'bound' | 'error';
  message: string | null;
}

export const OAUTH_MESSAGE_TYPE = 'jinsha:oauth';
const POPUP_WIDTH = 800;
const POPUP_HEIGHT = 600;

function isPopupMessage(data: unknown): data is OAuthPopupMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE;
}

/**
 * Third-party sign-in or binding in an 800×600 popup (SPEC §9), polled every 300 ms. The popup
 * ends on /oauth/done, which reports the outcome and closes itself; then `onError` gets the
 * message of a failure, or the app reloads (signed in, or with the new binding).
 */
export function openOAuthPopup(provider: OAuthProvider, onError: (message: string) => void): void {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  const popup = window.open(
    `/api/oauth/${provider}/authorize`,
    `jinsha-oauth-${provider}`,
    `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) {
    // Popups blocked: the whole window takes the journey and /oauth/done brings it back.
    window.location.assign(`/api/oauth/${provider}/authorize`);
    return;
  }
  let finished = false;
  const finish = (outcome: OAuthPopupMessage | null) => {
    if (finished) return;
    finished = true;
    window.clearInterval(timer);
    window.removeEventListener('message', onMessage);
    if (!outcome) return; // closed by the person before finishing
    if (!popup.closed) popup.close();
    if (outcome.result === 'error') onError(outcome.message ?? '第三方登录失败，请重试');
    else window.location.reload();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isPopupMessage(event.data)) finish(event.data);
  };
  window.addEventListener('message', onMessage);
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    // The popup's last word may still be on its way when it has just closed.
    window.setTimeout(() => finish(null), 1000);
  }, TIMING.loginPopupPollMs);
}
