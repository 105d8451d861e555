import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, OAUTH_PORT } from './tests/e2e/support/ports.ts';

/** E2E_PORT and BUILD_DIR let several copies run side by side; each gets its own database and OAuth stub port. */
const PORT = E2E_PORT;
const DATA_DIR = `./data/e2e-${PORT}`;
const baseURL = `http://localhost:${PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const OAUTH = `http://127.0.0.1:${OAUTH_PORT}`;

/**
 * Browser journeys against the production build (`npm run build` first) with a fresh PGlite
 * seeded with demo content, in Debian's chromium: nothing is downloaded. The server bundle is
 * rebuilt before every run (about a second), so a change to server code never runs stale.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace records every action's DOM and a screencast of every page, for every journey; CI
    // keeps only the log, so it records none there (a local run keeps the failures' traces).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // DEV_OUTBOX and CAPTCHA_TEST_ANSWERS let journeys read SMS codes and mail links from /dev/outbox
  // and type the image captcha (allowed only in this local production build, see .env.example).
  webServer: {
    command: `npm run -s build:server && rm -rf ${DATA_DIR} && NODE_ENV=production SEED_ON_EMPTY=true JINSHA_ALLOW_DEV_SECRET=1 DEV_OUTBOX=true CAPTCHA_TEST_ANSWERS=1 LOGIN_MAX_FAILURES_PER_IP=1000 TRACKING_MAX_PER_VISITOR_MINUTE=1000 REGISTER_MAX_PER_IP_HOUR=1000 NEW_ACCOUNT_LIMITS=false VIEWER_PAGES_VERIFY=true E2E_LINK_PREVIEW_ALLOW_PRIVATE=true DATABASE_URL=${DATA_DIR} PORT=${PORT} GITHUB_CLIENT_ID=jinsha-e2e GITHUB_CLIENT_SECRET=jinsha-e2e-secret OAUTH_GITHUB_AUTHORIZE_URL=${OAUTH}/authorize OAUTH_GITHUB_TOKEN_URL=${OAUTH}/token OAUTH_GITHUB_USERINFO_URL=${OAUTH}/userinfo node ${BUILD_DIR}/server-app/index.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
