import { defineConfig, devices } from '@playwright/test';

const PORT = 3310;
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
    command: `rm -rf ./data/e2e && NODE_ENV=production SEED_ON_EMPTY=true JINSHA_ALLOW_DEV_SECRET=1 DATABASE_URL=./data/e2e PORT=${PORT} node --import tsx server/index.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
