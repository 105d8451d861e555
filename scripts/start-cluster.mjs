#!/usr/bin/env node
/**
 * npm run start:cluster — three app processes behind nginx on one port (docs/deployment.md).
 *
 * Needs DATABASE_URL=postgres://… (the embedded PGlite store serves one process only) and
 * nginx (Debian: apt-get install -y nginx; installed here when missing and running as root).
 * REDIS_URL shares rate limits and lockouts; SESSION_SECRET is shared by the three (unset: a local
 * production build on the built-in development secret, like `npm start`). Builds when the build is missing, migrates once, starts the
 * processes on CLUSTER_PORT+1…+N (or CLUSTER_APP_PORTS=a,b,c), nginx on CLUSTER_PORT (3000)
 * with a configuration generated from deploy/nginx.conf.template into a temp dir. Ctrl-C or
 * SIGTERM stops them all. CLUSTER_RESTART_SECONDS=N starts an instance that exited (crash, kill)
 * again after N seconds. CLUSTER_SOURCE=1 runs the processes from source, API only
 * (NODE_ENV=test: what the cluster test uses, no build needed).
 */
import 'dotenv/config';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const say = (message) => console.log(`cluster: ${message}`);
const fail = (message) => {
  console.error(`cluster: ${message}`);
  process.exit(1);
};

const databaseUrl = env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail(
    'DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/db): the embedded PGlite store ' +
      `(${databaseUrl || 'the default ./data/pglite'}) can be opened by one process only.`,
  );
}
const host = env.CLUSTER_HOST ?? '0.0.0.0';
const port = Number(env.CLUSTER_PORT ?? 3000);
const count = Number(env.CLUSTER_INSTANCES ?? 3);
const appPorts = env.CLUSTER_APP_PORTS
  ? env.CLUSTER_APP_PORTS.split(',').map(Number)
  : Array.from({ length: count }, (_, i) => port + 1 + i);
if (!Number.isInteger(port) || appPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
  fail('CLUSTER_PORT / CLUSTER_APP_PORTS must be port numbers');
}
const source = env.CLUSTER_SOURCE === '1' || env.CLUSTER_SOURCE === 'true';
/** Seconds after which an instance that exited on its own is started again; 0 (off) by default. */
const restartSeconds = Number(env.CLUSTER_RESTART_SECONDS ?? 0);
if (!env.REDIS_URL) say('REDIS_URL is unset: each process counts rate limits and lockouts on its own');
if (!env.SESSION_SECRET) {
  // Like `npm start`: a local production build on the built-in development secret (the same in every
  // process), sandbox payments, and DEV_OUTBOX / CAPTCHA_TEST_ANSWERS allowed for the browser journeys.
  say('SESSION_SECRET is unset: a local production build, the three share the built-in development secret');
}

function findNginx() {
  for (const candidate of [env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || null;
}
let nginxBin = findNginx();
if (!nginxBin && process.getuid?.() === 0) {
  say('installing nginx (apt-get install -y nginx)');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  nginxBin = findNginx();
}
if (!nginxBin) fail('nginx is not installed: run `apt-get install -y nginx` (Debian) or set NGINX_BIN');

const buildDir = env.BUILD_DIR ?? 'build';
if (!source && !existsSync(path.join(root, buildDir, 'server-app/index.js'))) {
  say(`no build in ${buildDir}/: npm run build`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

say('migrating the database once');
execFileSync(process.execPath, ['--import', 'tsx', 'db/migrate.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, DATABASE_URL: databaseUrl },
});

const prefix = mkdtempSync(path.join(os.tmpdir(), 'jinsha-nginx-'));
// nginx's workers (another user when it starts as root) write the page cache in here.
chmodSync(prefix, 0o755);
for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(path.join(prefix, dir));
const siteUrl = env.SITE_URL ?? `http://localhost:${port}`;
const children = new Map();
let stopping = false;

function prefixOutput(stream, name, target) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

function startApp(index) {
  const name = `app${index + 1}`;
  const appPort = appPorts[index];
  const args = source
    ? ['--import', 'tsx', 'server/index.ts']
    : ['--enable-source-maps', path.join(buildDir, 'server-app/index.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: source ? 'test' : 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      SITE_URL: siteUrl,
      DATABASE_URL: databaseUrl,
      ...(env.SESSION_SECRET ? { SESSION_SECRET: env.SESSION_SECRET } : {}),
      TRUST_PROXY: 'true',
      APP_COMPRESSION: 'false',
      INSTANCE_NAME: name,
      // The first process seeds the demo content into an empty database (npm start does the same).
      SEED_ON_EMPTY: index === 0 && !source ? (env.SEED_ON_EMPTY ?? 'true') : 'false',
      JINSHA_ALLOW_DEV_SECRET: '1',
    },
  });
  prefixOutput(child.stdout, name, process.stdout);
  prefixOutput(child.stderr, name, process.stderr);
  children.set(name, child);
  say(`${name} pid ${child.pid} port ${appPort}`);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`${name} exited (${signal ?? code}); nginx sends its requests to the others`);
    // A supervisor's job: start it again after a pause (CLUSTER_RESTART_SECONDS, off when unset).
    if (restartSeconds > 0) {
      setTimeout(() => {
        if (stopping) return;
        say(`${name} restarting`);
        startApp(index);
      }, restartSeconds * 1000);
    }
  });
}

async function waitReady(appPort, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${appPort}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the process on port ${appPort} was not ready within ${timeoutMs / 1000} s`);
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  say('stopping');
  const exits = [...children.values()]
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map(
      (child) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          // nginx: QUIT finishes open requests; the app processes drain on SIGTERM.
          child.kill(child === children.get('nginx') ? 'SIGQUIT' : 'SIGTERM');
        }),
    );
  await Promise.all(exits);
  rmSync(prefix, { recursive: true, force: true });
  say('stopped');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  for (let index = 0; index < appPorts.length; index++) startApp(index);
  await Promise.all(appPorts.map((appPort) => waitReady(appPort, 120_000)));
  const template = readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
  const servers = appPorts.map((appPort) => `    server 127.0.0.1:${appPort} max_fails=2 fail_timeout=5s;`).join('\n');
  const listen = host === '0.0.0.0' ? String(port) : `${host}:${port}`;
  const config = template
    .replaceAll('{{PREFIX}}', prefix)
    .replace('{{SERVERS}}', servers)
    .replace('{{LISTEN}}', listen);
  writeFileSync(path.join(prefix, 'nginx.conf'), config);
  const nginx = spawn(
    nginxBin,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  prefixOutput(nginx.stdout, 'nginx', process.stdout);
  prefixOutput(nginx.stderr, 'nginx', process.stderr);
  children.set('nginx', nginx);
  nginx.on('exit', (code, signal) => {
    if (stopping) return;
    say(`nginx exited (${signal ?? code}); stopping the cluster`);
    void stop(1);
  });
  await waitReady(port, 10_000);
  say(
    `ready: http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (nginx pid ${nginx.pid}, config ${prefix}/nginx.conf)`,
  );
} catch (error) {
  console.error(`cluster: ${error instanceof Error ? error.message : error}`);
  await stop(1);
}
