/**
 * The browser journeys' server when they run against the cluster (playwright.cluster.config.ts,
 * `npm run test:e2e:cluster`): a private PostgreSQL server with a fresh database, a private Redis
 * when redis-server is installed, then `npm run start:cluster` (scripts/start-cluster.mjs) on
 * E2E_PORT — nginx in front of three production processes on E2E_PORT+1…+3. The first process
 * seeds the demo content. SIGTERM or SIGINT stops the cluster, Redis and PostgreSQL and removes
 * their data (./data/e2e-cluster-PORT), which is also cleared at start if a run was killed.
 *
 * Run with `node --import tsx scripts/e2e-cluster.ts`; the journey settings (DEV_OUTBOX, …) come
 * from the environment Playwright gives it.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../tests/setup/child-server.ts';
import { findBinDir } from '../tests/setup/private-postgres.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3310);
const dir = path.resolve(root, `data/e2e-cluster-${port}`);
const dataDir = path.join(dir, 'pg');
const say = (message: string) => console.log(`e2e-cluster: ${message}`);

// As root, initdb and postgres run as the `postgres` system user (tests/setup/private-postgres.ts does the same).
const asRoot = process.getuid?.() === 0;
const bin = findBinDir();
function pg(program: string, args: string[]) {
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir })
    : run(path.join(bin, program), args, { cwd: dir });
}

// A run that was killed may have left its server running in the data directory: stop it first.
if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
  say('stopping the PostgreSQL server a previous run left behind');
  await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
}
const stalePid = path.join(dir, 'redis.pid');
if (existsSync(stalePid)) {
  try {
    process.kill(Number(readFileSync(stalePid, 'utf8')), 'SIGKILL');
  } catch {
    // Already gone.
  }
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
}

const pgPort = Number(process.env.E2E_PG_PORT ?? 0) || (await freePort());
await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
await pg('pg_ctl', [
  '-D',
  dataDir,
  '-o',
  `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off -c synchronous_commit=off`,
  '-l',
  path.join(dir, 'postgres.log'),
  '-w',
  'start',
]);
say(`PostgreSQL on 127.0.0.1:${pgPort} (${dataDir})`);

let redis: ChildProcess | undefined;
const env: Record<string, string> = {};
if (existsSync('/usr/bin/redis-server')) {
  const redisPort = await freePort();
  redis = spawn(
    '/usr/bin/redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--pidfile', stalePid],
    // Its own process group: Playwright's SIGTERM to the group must not take Redis away before the apps stop.
    { stdio: 'ignore', detached: true },
  );
  env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  say(`Redis on 127.0.0.1:${redisPort}`);
} else {
  say('redis-server is not installed: each process counts rate limits on its own');
}

const cluster = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    CLUSTER_HOST: '127.0.0.1',
    CLUSTER_PORT: String(port),
    CLUSTER_APP_PORTS: [port + 1, port + 2, port + 3].join(','),
    SITE_URL: `http://localhost:${port}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    SEED_ON_EMPTY: 'true',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (cluster.exitCode === null && cluster.signalCode === null) {
    cluster.kill('SIGTERM');
    await once(cluster, 'exit');
  }
  if (redis && redis.exitCode === null) {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  }
  await pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
cluster.on('exit', (code) => {
  if (!stopping) {
    say(`the cluster exited (${code})`);
    void stop(code ?? 1);
  }
});
