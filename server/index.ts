import 'dotenv/config';
import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { openDatabase } from '@db/client.ts';
import { seedDemoIfEmpty } from '@db/seed/demo.ts';
import { createAdapters } from './adapters/index.ts';
import { createApp, type PageHandler } from './app.ts';
import type { ViewerPageHooks } from './http/viewer-pages.ts';
import { readEnv } from './env.ts';
import { limitHeapGrowth } from './heap.ts';
import { createHttpServer } from './http/limits.ts';
import { scheduleTrackingMaintenance } from './modules/tracking/tracking.service.ts';
import { scheduleRepoRefresh } from './modules/repos/repos.service.ts';
import { MAIL_SCHEDULES, mailJobHandlers } from './jobs/handlers.ts';
import { createJobRunner } from './jobs/runner.ts';

/** Boot: env → database → migrations → (demo seed) → Hono app → listen; graceful shutdown. */
export async function start() {
  limitHeapGrowth();
  const env = readEnv();
  const logger = pino({ level: env.LOG_LEVEL, base: undefined });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
    onTransactionRetry: (error, attempt) =>
      logger.warn({ err: error, attempt }, 'transaction conflict; running it again'),
  });
  await database.migrate();
  if (env.SEED_ON_EMPTY) {
    const seeded = await seedDemoIfEmpty(database);
    if (seeded) logger.info(seeded, 'seeded demo content');
  }

  const adapters = createAdapters(env, database.db);
  const httpServer = createHttpServer();
  let pages: PageHandler;
  let viewerPageHooks: ViewerPageHooks | undefined;
  let clientDir: string | undefined;
  let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  if (env.NODE_ENV === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'custom',
    });
    viteMiddlewares = devServer.middlewares;
    pages = createRequestHandler(
      () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    ) as PageHandler;
  } else if (env.NODE_ENV === 'test') {
    // Tests of the process itself (graceful shutdown) need no page build: API only.
    pages = async () => new Response('Not Found', { status: 404 });
  } else {
    const buildDir = path.resolve(env.BUILD_DIR);
    const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
    pages = createRequestHandler(build, 'production') as PageHandler;
    viewerPageHooks = (build.entry.module as { viewerPages?: ViewerPageHooks }).viewerPages;
    clientDir = path.relative(process.cwd(), path.join(buildDir, 'client'));
  }

  let stopping = false;
  const app = createApp({
    database,
    adapters,
    env,
    logger,
    pages,
    viewerPageHooks,
    clientDir,
    isDraining: () => stopping,
  });
  const listener = getRequestListener(app.fetch);
  httpServer.on('request', (req, res) => {
    // While draining, answers close their connection so no keep-alive socket holds the exit.
    if (stopping) res.setHeader('Connection', 'close');
    if (viteMiddlewares) viteMiddlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(env.PORT, env.HOST, resolve));
  // Background jobs (mails): pg-boss over the same database, after the server is up.
  const jobs = env.JOBS_ENABLED
    ? createJobRunner({
        database,
        logger,
        handlers: mailJobHandlers({ database, env, adapters, logger }),
        schedules: MAIL_SCHEDULES,
        pollingIntervalSeconds: env.JOBS_POLL_SECONDS,
      })
    : null;
  await jobs?.start();
  logger.info({ url: env.SITE_URL, port: env.PORT, database: database.driver }, `${env.SITE_NAME} is listening`);
  // Hourly: the daily tracking rollup and its retention (docs/tracking.md).
  const stopTrackingMaintenance = scheduleTrackingMaintenance({ db: database.db, env }, { logger });
  // Stars and READMEs from GitHub (docs/decisions/011-repos.md), when REPOS_REFRESH_MINUTES is set.
  const stopRepoRefresh = scheduleRepoRefresh(
    { db: database.db, adapters, logger },
    { minutes: env.REPOS_REFRESH_MINUTES, limit: 100 },
  );

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    stopTrackingMaintenance();
    stopRepoRefresh();
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const forced = setTimeout(() => httpServer.closeAllConnections(), env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    // First a moment of serving on: connections the kernel has queued but Node not yet accepted,
    // and requests whose bytes arrived but were not read yet, would be reset by closing now. They
    // are answered (with Connection: close) while /readyz says draining, so the balancer stops
    // sending new ones.
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_SETTLE_MS));
    // Then stop accepting, close keep-alive connections that carry no request, and let every
    // request already received finish.
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    // Meanwhile the job runner fetches nothing new and finishes the jobs in hand (those still
    // running at the deadline go back to the queue and run again elsewhere or at the next start).
    await Promise.all([closed, jobs?.stop(env.SHUTDOWN_TIMEOUT_MS)]);
    await adapters.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { httpServer, database, env };
}

await start();
