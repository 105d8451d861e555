import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ok } from '../../http/envelope.ts';
import { isAppError } from '../../http/errors.ts';
import { createApi } from '../../http/openapi.ts';
import { clientIp, sessionCookieOptions } from '../../http/request-context.ts';
import { SESSION_COOKIE, createSession, endSession as endSessionByToken } from '../auth/auth.service.ts';
import * as routes from './account.routes.ts';
import * as service from './account.service.ts';
import {
  OAUTH_COOKIE,
  OAUTH_COOKIE_PATH,
  OAUTH_STATE_TTL_SECONDS,
  completeOAuth,
  listProviders,
  startOAuth,
} from './oauth.service.ts';

/** The settings calls of the `user` service (SPEC §7.2). */
export const accountUserApi = createApi()
  .openapi(routes.updateUserInfo, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.updateUserInfo(ctx, c.req.valid('json')));
  })
  .openapi(routes.changePassword, async (c) => {
    const body = c.req.valid('json');
    return ok(
      c,
      await service.changePassword(c.get('ctx'), {
        oldPassword: body.old_password,
        newPassword: body.new_password,
        confirmPassword: body.confirm_password,
        ip: clientIp(c),
      }),
    );
  })
  .openapi(routes.updateUserMobile, async (c) =>
    ok(c, await service.sendBindSmsCode(c.get('ctx'), { input: c.req.valid('json'), ip: clientIp(c) })),
  )
  .openapi(routes.bindUserMobile, async (c) => ok(c, await service.bindUserMobile(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.updateUserEmail, async (c) => ok(c, await service.updateUserEmail(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.confirmUserEmail, async (c) => {
    const { db, env, viewer } = c.get('ctx');
    return ok(c, await service.confirmEmailBinding({ db, env, viewer }, c.req.valid('json').mail_token));
  })
  .openapi(routes.unbind, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.unbind(ctx, c.req.valid('json')));
  })
  .openapi(routes.getUserInfo, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.getAccountSettings(ctx));
  })
  .openapi(routes.getSessions, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, { sessions: await service.listSessions(ctx) });
  })
  .openapi(routes.endSession, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.endSession(ctx, c.req.valid('json').id));
  })
  .openapi(routes.endOtherSessions, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.endOtherSessions(ctx));
  });

/** The `mail` service: the three mail toggles (SPEC §7.7). */
export const mailApi = createApi()
  .openapi(routes.getMailStatus, async (c) => {
    const ctx = c.get('ctx');
    const { type } = c.req.valid('query');
    const statuses = await service.getMailStatus(ctx);
    return ok(c, { type, status: statuses[type], check: statuses[type] });
  })
  .openapi(routes.subscribeMail, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.subscribeMail(ctx, c.req.valid('query')));
  });

/** The `invite` service (SPEC §7.7). */
export const inviteApi = createApi()
  .openapi(routes.availableCode, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await service.getAvailableInviteCount(ctx, c.req.valid('param').userId));
  })
  .openapi(routes.postCode, async (c) =>
    ok(c, await service.postInvite(c.get('ctx'), { userId: c.req.valid('param').userId, input: c.req.valid('json') })),
  );

/** Third-party sign-in and binding (GitHub, Weibo, WeChat) through the OAuth 2.0 code flow. */
export const oauthApi = createApi()
  .openapi(routes.oauthProviders, async (c) => ok(c, { providers: listProviders({ env: c.get('ctx').env }) }))
  .openapi(routes.oauthAuthorize, async (c) => {
    const { env } = c.get('ctx');
    const { url, cookie } = await startOAuth({ env }, c.req.valid('param').provider);
    setCookie(c, OAUTH_COOKIE, cookie, {
      ...sessionCookieOptions(env),
      path: OAUTH_COOKIE_PATH,
      maxAge: OAUTH_STATE_TTL_SECONDS,
    });
    return c.redirect(url, 302) as never;
  })
  .openapi(routes.oauthCallback, async (c) => {
    const ctx = c.get('ctx');
    const done = new URL('/oauth/done', ctx.env.SITE_URL);
    const cookie = getCookie(c, OAUTH_COOKIE);
    deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
    try {
      const outcome = await completeOAuth(ctx, {
        provider: c.req.valid('param').provider,
        callbackUrl: new URL(c.req.url),
        cookie,
      });
      if (outcome.action !== 'bound') {
        // A sign-in always starts a new session; an old cookie's session ends.
        const previous = getCookie(c, SESSION_COOKIE);
        if (previous) await endSessionByToken(ctx, previous);
        const session = await createSession(ctx, {
          userId: outcome.userId,
          ttlDays: ctx.env.SESSION_TTL_DAYS,
          userAgent: c.req.header('user-agent'),
          ip: clientIp(c),
        });
        setCookie(c, SESSION_COOKIE, session.token, sessionCookieOptions(ctx.env, session.expiresAt));
      }
      done.searchParams.set('result', outcome.action);
    } catch (error) {
      if (!isAppError(error)) ctx.logger.error({ err: error, requestId: ctx.requestId }, 'oauth callback failed');
      done.searchParams.set('result', 'error');
      done.searchParams.set('message', isAppError(error) ? error.message : '第三方登录失败，请重试');
    }
    return c.redirect(`${done.pathname}${done.search}`, 302) as never;
  });
