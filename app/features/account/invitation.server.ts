import { type AppLoadContext, data } from 'react-router';
import {
  INVITE_COOKIE,
  INVITE_COOKIE_MAX_AGE,
  INVITE_COOKIE_PATH,
  findInvitation,
} from '@server/modules/account/account.service.ts';

export type InvitationPageData =
  | { ok: true; senderName: string; receiverName: string; signedIn: boolean }
  | { ok: false; message: string; signedIn: boolean };

/**
 * /invite?token=…: who invites; an unused link's token is kept in an HttpOnly cookie that only
 * the registration call receives, so registering from any page afterwards links the account.
 */
export async function loadInvitationPage(context: AppLoadContext, token: string | null) {
  const signedIn = context.viewer !== null;
  const invitation = token ? await findInvitation(context, token) : null;
  if (!token || !invitation) return data<InvitationPageData>({ ok: false, message: '邀请链接无效', signedIn });
  if (invitation.accepted) return data<InvitationPageData>({ ok: false, message: '这个邀请链接已经用过了', signedIn });
  const secure = context.env.SITE_URL.startsWith('https://') ? '; Secure' : '';
  return data<InvitationPageData>(
    { ok: true, senderName: invitation.senderName, receiverName: invitation.receiverName, signedIn },
    {
      headers: {
        'Set-Cookie': `${INVITE_COOKIE}=${encodeURIComponent(token)}; Path=${INVITE_COOKIE_PATH}; Max-Age=${INVITE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`,
      },
    },
  );
}
