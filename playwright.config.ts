import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT and BUILD_DIR let several copies run side by side; each gets its own database. */
const PORT = Number(process.env.E2E_PORT ?? 3310);
const DATA_DIR = `./data/e2e-${PORT}`;
const baseURL = `http://localhost:${PORT}`;

/**
 * Browser journeys against the production build (`npm run build` first) with a fresh PGlite
 * seeded with demo content, in Debian's chromium: nothing is downloaded.
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
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && NODE_ENV=production SEED_ON_EMPTY=true JINSHA_ALLOW_DEV_SECRET=1 DATABASE_URL=${DATA_DIR} PORT=${PORT} node --import tsx server/index.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
