import { mkdirSync, readdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { Database } from '@db/client.ts';
import type { Adapters } from './adapters/index.ts';
import { changeBus } from './adapters/changes.ts';
import { createSessionResolver } from './modules/auth/auth.session-cache.ts';
import { LOCAL_UPLOADS_PATH } from './adapters/storage.ts';
import type { Env } from './env.ts';
import { compression } from './http/compression.ts';
import { pageCache } from './http/page-cache.ts';
import { type ViewerPageHooks, viewerPages } from './http/viewer-pages.ts';
import type { AppEnv, RequestContext } from './http/context.ts';
import { handleError, ok } from './http/envelope.ts';
import { STATUS } from '@core/envelope.ts';
import { TRANSPORT_MESSAGES } from '@core/messages.ts';
import { type Api, createApi } from './http/openapi.ts';
import { mountApiDocs } from './http/api-docs.ts';
import { requestContext } from './http/request-context.ts';
import { setResponseHeaders } from './http/headers.ts';
import { pageCacheHeaders } from './http/cache-control.ts';
import { bodyLimits, refuseNulCharacters } from './http/limits.ts';
import { csrfGuard, securityHeaders } from './http/security.ts';
import { suspensionGuard } from './http/suspension.ts';
import { accountUserApi, inviteApi, mailApi, oauthApi } from './modules/account/account.handlers.ts';
import { wechatApi } from './modules/wechat/wechat.handlers.ts';
import { passportApi } from './modules/auth/auth.handlers.ts';
import { captchaApi, userRegistrationApi } from './modules/registration/registration.handlers.ts';
import { draftApi } from './modules/drafts/drafts.handlers.ts';
import { postApi, timelineApi } from './modules/entries/entries.handlers.ts';
import { likeApi } from './modules/likes/likes.handlers.ts';
import { viewApi } from './modules/views/views.handlers.ts';
import { bannerApi } from './modules/banners/banners.handlers.ts';
import { seoRoutes } from './modules/seo/seo.handlers.ts';
import { searchApi } from './modules/search/search.handlers.ts';
import { tagApi } from './modules/tags/tags.handlers.ts';
import { uploadApi } from './modules/uploads/uploads.handlers.ts';
import { collectionApi } from './modules/collections/collections.handlers.ts';
import { notificationApi } from './modules/notifications/notifications.handlers.ts';
import { commentApi } from './modules/comments/comments.handlers.ts';
import { pinApi } from './modules/pins/pins.handlers.ts';
import { repoApi } from './modules/repos/repos.handlers.ts';
import { followApi, peopleApi, suggestApi } from './modules/follows/follows.handlers.ts';
import { muteApi } from './modules/mutes/mutes.handlers.ts';
import { profileApi } from './modules/profiles/profiles.handlers.ts';
import { voteApi } from './modules/votes/votes.handlers.ts';
import { eventApi } from './modules/events/events.handlers.ts';
import { discountApi, orderApi } from './modules/payments/payments.handlers.ts';
import { trackApi } from './modules/tracking/tracking.handlers.ts';
import { bookletApi } from './modules/booklets/booklets.handlers.ts';
import { auditApi, moderationLogApi } from './modules/audit/audit.handlers.ts';
import { adminApi } from './modules/admin/admin.handlers.ts';
import { moderationAdminApi, moderationApi } from './modules/moderation/moderation.handlers.ts';
import { unsubscribeApi } from './modules/mailings/mailings.handlers.ts';
import { walletApi } from './modules/wallet/wallet.handlers.ts';
import { analyticsApi } from './modules/analytics/analytics.handlers.ts';

/**
 * The API services: `/api/<service>` stands for the host the spec omits (docs/api.md).
 * A service name, once chosen, is kept.
 */
const services: Array<[service: string, api: Api]> = [
  ['passport', passportApi],
  ['user', userRegistrationApi],
  ['captcha', captchaApi],
  ['timeline', timelineApi],
  ['timeline', searchApi],
  ['banner', bannerApi],
  ['post', postApi],
  ['like', likeApi],
  ['view', viewApi],
  ['tag', tagApi],
  ['upload', uploadApi],
  ['collection', collectionApi],
  ['notification', notificationApi],
  ['user', accountUserApi],
  ['mail', mailApi],
  ['invite', inviteApi],
  ['oauth', oauthApi],
  ['wechat', wechatApi],
  ['draft', draftApi],
  ['comment', commentApi],
  ['pin', pinApi],
  ['repo', repoApi],
  ['follow', followApi],
  ['suggest', suggestApi],
  ['user', peopleApi],
  ['user', profileApi],
  ['user', muteApi],
  ['vote', voteApi],
  ['event', eventApi],
  ['order', orderApi],
  ['discount', discountApi],
  ['track', trackApi],
  ['xiaoce', bookletApi],
  ['admin', auditApi],
  ['admin', adminApi],
  ['moderation', moderationLogApi],
  ['admin', moderationAdminApi],
  ['moderation', moderationApi],
  ['mail', unsubscribeApi],
  ['wallet', walletApi],
  ['analytics', analyticsApi],
];

/** Every service mounted at /api/<service>, plus the benchmark's bare route. */
function apiRouter() {
  const api = createApi();
  for (const [name, service] of services) api.route(`/${name}`, service);
  api.route(
    '/bench',
    createApi().get('/hello', (c) => ok(c, 'hello')),
  );
  return api;
}

function openApiConfig(siteName: string) {
  return {
    openapi: '3.1.0',
    servers: [{ url: '/api' }],
    info: {
      title: `${siteName} API`,
      version: '1',
      description:
        'Every call of SPEC §7 at /api/<service> plus the spec’s path. Responses use the envelope { s, m, d }.',
    },
  };
}

/** The OpenAPI 3.1 document of /api/openapi.json, built from the contracts without a running app (docs/api.md). */
export function openApiDocument(siteName = '金砂') {
  return apiRouter().getOpenAPI31Document(openApiConfig(siteName));
}

/**
 * Files of the client build; only responses for files found carry the given Cache-Control.
 * With `names`, only a path whose first segment is one of them is looked up on disk (the names in
 * the build's top folder, read once), so pages and API calls cost no file-system call.
 */
function staticFiles(
  root: string,
  cacheControl: string,
  options: { mountPath?: string; names?: Set<string> } = {},
): MiddlewareHandler {
  const { mountPath, names } = options;
  const serve = serveStatic({
    root,
    rewriteRequestPath: mountPath ? (requestPath) => requestPath.slice(mountPath.length) : undefined,
  });
  return async (c, next) => {
    if (names) {
      const path = c.req.path;
      const end = path.indexOf('/', 1);
      if (!names.has(end === -1 ? path.slice(1) : path.slice(1, end))) return next();
    }
    // serveStatic answers with a Response when it found the file, and calls next() otherwise.
    const found = await serve(c, next);
    if (found instanceof Response) found.headers.set('Cache-Control', cacheControl);
    return found;
  };
}

/** Renders everything that is not /api: React Router's request handler. */
export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

export interface AppOptions {
  database: Database;
  adapters: Adapters;
  env: Env;
  logger: Logger;
  pages?: PageHandler;
  /** The app's signed-in pages that may come from a template (the page build's entry exports them). */
  viewerPageHooks?: ViewerPageHooks;
  /** Production: serve the client build with immutable caching for hashed files. */
  clientDir?: string;
  /** True once SIGTERM has been received: /readyz answers draining so the balancer stops sending. */
  isDraining?: () => boolean;
}

export function createApp(options: AppOptions) {
  const { database, adapters, env, logger, pages, viewerPageHooks, clientDir, isDraining } = options;
  const app = new Hono<AppEnv>();
  const instanceName = env.INSTANCE_NAME;
  if (instanceName) {
    // Which process answered, for the load balancer's users and tests (npm run start:cluster).
    app.use(async (c, next) => {
      await next();
      setResponseHeaders(c, [['X-Instance', instanceName]]);
    });
  }
  const dev = env.NODE_ENV === 'development';

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Readiness: draining (shutting down), or whether the database answers. An outage and the
  // recovery are logged once each, with how long the database was away.
  let unavailableSince: Date | null = null;
  app.get('/readyz', async (c) => {
    if (isDraining?.()) return c.json({ status: 'draining' }, 503);
    try {
      await database.ping();
      if (unavailableSince) {
        logger.info({ outageMs: Date.now() - unavailableSince.getTime() }, 'database reachable again');
        unavailableSince = null;
      }
      return c.json({ status: 'ok' });
    } catch (error) {
      if (!unavailableSince) {
        unavailableSince = new Date();
        logger.warn({ err: error }, 'database unreachable');
      }
      return c.json({ status: 'unavailable', database: 'unreachable', since: unavailableSince.toISOString() }, 503);
    }
  });

  const changes = changeBus(database);
  changes.configure({
    graceMs: env.CACHE_GRACE_MS,
    entries: env.FEED_CACHE_ENTRIES,
    maxBytes: env.FEED_CACHE_MB * 1024 * 1024,
  });
  // Anonymous pages answered from memory, before anything else runs (server/http/page-cache.ts).
  app.use(
    pageCache({
      bus: changes,
      graceMs: env.CACHE_GRACE_MS,
      maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
      compressOthers: env.APP_COMPRESSION,
    }),
  );
  // First after it, so static files and uploads carry them too (nosniff, CSP, frame refusal).
  app.use(securityHeaders({ dev }));
  // Off (APP_COMPRESSION=false) when nginx in front compresses (deploy/nginx.conf.template).
  if (env.APP_COMPRESSION) app.use(compression());
  if (clientDir) {
    // Hashed build files never change; other public files (favicon, avatars) may.
    app.use('/assets/*', staticFiles(clientDir, 'public, max-age=31536000, immutable'));
    const names = new Set(readdirSync(clientDir).filter((name) => name !== 'assets'));
    app.use('*', staticFiles(clientDir, 'public, max-age=3600', { names }));
  }
  if (adapters.storage.kind === 'local') {
    // Uploaded files are stored under fresh ids and never rewritten.
    mkdirSync(env.UPLOADS_DIR, { recursive: true });
    app.use(
      `${LOCAL_UPLOADS_PATH}/*`,
      staticFiles(env.UPLOADS_DIR, 'public, max-age=31536000, immutable', { mountPath: LOCAL_UPLOADS_PATH }),
    );
  }
  // Before anything reads a body: the token form, sign-in, validators, page actions.
  app.use(bodyLimits());
  app.use(refuseNulCharacters());
  // Foreign writes are refused before their body is parsed or their session looked up.
  app.use(csrfGuard(env.SITE_URL));
  const sessions = createSessionResolver(database, changes, env.SESSION_CACHE_SECONDS);
  app.use(requestContext({ db: database.db, env, logger, adapters, sessions }));
  // A suspended person reads but does not write (issue 16): one check for every API write.
  app.use('/api/*', suspensionGuard());
  app.onError(handleError);

  const api = apiRouter();
  api.doc31('/openapi.json', openApiConfig(env.SITE_NAME));
  mountApiDocs(api, { title: `${env.SITE_NAME} API`, specUrl: '/api/openapi.json' });
  api.all('*', (c) => c.json({ s: STATUS.notFound, m: TRANSPORT_MESSAGES[404], d: null }, 404));
  app.route('/api', api);

  // Sitemap, robots.txt and RSS feeds: public, the same for everyone, cacheable.
  app.route('/', seoRoutes);
  if (pages) {
    const templated = viewerPages({
      hooks: viewerPageHooks,
      render: pages,
      bus: changes,
      graceMs: env.CACHE_GRACE_MS,
      maxBytes: env.VIEWER_PAGES_MB * 1024 * 1024,
      verify: env.VIEWER_PAGES_VERIFY,
      compressPages: env.APP_COMPRESSION,
    });
    app.all('*', pageCacheHeaders(), templated, (c) => pages(c.req.raw, c.get('ctx')));
  }
  return app;
}
