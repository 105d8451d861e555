import { data, type AppLoadContext } from 'react-router';
import { isAppError } from '@server/http/errors.ts';
import { listOutbox, outboxPageEnabled } from '@server/modules/outbox/outbox.service.ts';
import { verifyEmail } from '@server/modules/registration/registration.service.ts';

export type VerifyEmailResult = { ok: true; email: string } | { ok: false; message: string };

/** The /verify-email page's loader: spends the mailed token in-process and reports the outcome. */
export async function verifyEmailForPage(context: AppLoadContext, token: string | null): Promise<VerifyEmailResult> {
  if (!token || token.length > 200) return { ok: false, message: '链接无效或已过期' };
  try {
    const { email } = await verifyEmail(context, token);
    return { ok: true, email };
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** /dev/outbox: the outbox rows, or the not-found view in production. */
export async function loadOutboxPage(context: AppLoadContext) {
  if (!outboxPageEnabled(context)) throw data({ message: '找不到页面' }, { status: 404 });
  const rows = await listOutbox(context, 50);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
