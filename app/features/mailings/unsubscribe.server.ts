import type { AppLoadContext } from 'react-router';
import { isAppError } from '@server/http/errors.ts';
import { describeUnsubscribe } from '@server/modules/mailings/mailings.service.ts';

export type UnsubscribePageData =
  | { ok: true; token: string; title: string; subscribed: boolean }
  | { ok: false; message: string };

/** /unsubscribe?token=…: which subscription the mailed link would end; nothing changes until the button. */
export async function loadUnsubscribePage(context: AppLoadContext, token: string | null): Promise<UnsubscribePageData> {
  if (!token || token.length > 200) return { ok: false, message: '退订链接无效' };
  try {
    const found = await describeUnsubscribe(context, token);
    return { ok: true, token, title: found.title, subscribed: found.subscribed };
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
}
