import { deleteCookie, getCookie } from 'hono/cookie';
import { createApi } from '../../http/openapi.ts';
import { INVITE_COOKIE, INVITE_COOKIE_PATH } from '../account/account.service.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { clientIp, respondSignedIn } from '../../http/request-context.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { issueCaptcha, sendSmsCode } from '../verification/verification.service.ts';
import * as routes from './registration.routes.ts';
import {
  registerUser,
  requirePasswordReset,
  resendVerificationMail,
  resetPasswordByMailToken,
  resetPasswordByPhone,
  sendResetMail,
  verifyEmail,
} from './registration.service.ts';

/** The image-captcha service (SPEC §7.2 getRandCode). */
export const captchaApi = createApi().openapi(routes.getRandCode, async (c) =>
  ok(c, await issueCaptcha(c.get('ctx'), clientIp(c))),
);

/** Registration, verification codes, e-mail verification and password reset of the `user` service. */
export const userRegistrationApi = createApi()
  .openapi(routes.sendSmsCodeToUser, async (c) => {
    const body = c.req.valid('json');
    await sendSmsCode(c.get('ctx'), {
      phone: body.mobilePhoneNumber,
      imageToken: body.imageToken,
      imageCode: body.imageCode,
      useType: body.useType,
      ip: clientIp(c),
    });
    return ok(c, null);
  })
  .openapi(routes.createUser, async (c) => {
    const inviteToken = getCookie(c, INVITE_COOKIE);
    const { userId } = await registerUser(c.get('ctx'), {
      input: { ...c.req.valid('json'), inviteToken },
      ip: clientIp(c),
    });
    if (inviteToken) deleteCookie(c, INVITE_COOKIE, { path: INVITE_COOKIE_PATH });
    return respondSignedIn(c, userId);
  })
  .openapi(routes.sendEmailToUser, async (c) => {
    const ctx = c.get('ctx');
    const viewer = requireViewer(ctx.viewer);
    await resendVerificationMail({ ...ctx, viewer }, c.req.valid('json'));
    return ok(c, null);
  })
  .openapi(routes.verifyUserEmail, async (c) => {
    return ok(c, await verifyEmail(c.get('ctx'), c.req.valid('json').mail_token));
  })
  .openapi(routes.restPassword, async (c) => {
    await resetPasswordByPhone(c.get('ctx'), c.req.valid('json'));
    return ok(c, null);
  })
  .openapi(routes.restPwdByEmail, async (c) => {
    await sendResetMail(c.get('ctx'), { input: c.req.valid('json'), ip: clientIp(c) });
    return ok(c, null);
  })
  .openapi(routes.changePasswordByEmailToken, async (c) => {
    await resetPasswordByMailToken(c.get('ctx'), c.req.valid('json'));
    return ok(c, null);
  })
  .openapi(routes.forcePasswordReset, async (c) => {
    const ctx = c.get('ctx');
    await requirePasswordReset({ ...ctx, viewer: requireViewer(ctx.viewer) }, c.req.valid('json').userId);
    return ok(c, null);
  })
  .openapi(routes.applyEditor, () => {
    throw badRequest('已废弃');
  });
