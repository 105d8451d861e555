import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { E2E_PORT, OAUTH_PORT } from './tests/e2e/support/ports.ts';

/**
 * The same browser journeys against `npm run start:cluster` (`npm run test:e2e:cluster`, after
 * `npm run build`): nginx on E2E_PORT in front of three production processes (E2E_PORT+1…+3) on a
 * private PostgreSQL server with a fresh database seeded with the demo content, and a private Redis
 * (scripts/e2e-cluster.ts). Every request may land on another process, so a journey passes here
 * only if nothing it relies on lives in one process's memory.
 */
const PORT = E2E_PORT;
const OAUTH = `http://127.0.0.1:${OAUTH_PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  ...base,
  webServer: {
    command: `npm run -s build:server && NODE_ENV=production BUILD_DIR=${BUILD_DIR} DEV_OUTBOX=true CAPTCHA_TEST_ANSWERS=1 LOGIN_MAX_FAILURES_PER_IP=1000 TRACKING_MAX_PER_VISITOR_MINUTE=1000 REGISTER_MAX_PER_IP_HOUR=1000 NEW_ACCOUNT_LIMITS=false E2E_LINK_PREVIEW_ALLOW_PRIVATE=true LOG_LEVEL=warn GITHUB_CLIENT_ID=jinsha-e2e GITHUB_CLIENT_SECRET=jinsha-e2e-secret OAUTH_GITHUB_AUTHORIZE_URL=${OAUTH}/authorize OAUTH_GITHUB_TOKEN_URL=${OAUTH}/token OAUTH_GITHUB_USERINFO_URL=${OAUTH}/userinfo E2E_PORT=${PORT} node --import tsx scripts/e2e-cluster.ts`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
