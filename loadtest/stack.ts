/**
 * The processes the load suite starts and always stops: its own PostgreSQL (data directory and
 * port), its own Redis, and `npm run start:cluster` (the app processes behind nginx).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portIsFree } from '../tests/setup/child-server.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../tests/setup/private-postgres.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stop functions, run newest first on exit, Ctrl-C or failure. */
const stops: Array<{ name: string; stop: () => Promise<void> }> = [];

export function onCleanup(name: string, stop: () => Promise<void>): () => void {
  const entry = { name, stop };
  stops.push(entry);
  return () => {
    const index = stops.indexOf(entry);
    if (index >= 0) stops.splice(index, 1);
  };
}

export async function cleanupAll(): Promise<void> {
  while (stops.length > 0) {
    const entry = stops.pop();
    if (!entry) break;
    try {
      await entry.stop();
    } catch (error) {
      console.error(`load: stopping ${entry.name} failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/**
 * A run killed before it could clean up leaves its data directory in the temp dir: the ones
 * that served this port (the port is free again, so nothing runs there) are removed.
 */
function removeLeftovers(port: number) {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith('jinsha-pg-')) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      const opts = readFileSync(path.join(dir, 'data/postmaster.opts'), 'utf8');
      if (opts.includes(`"-p" "${port}"`)) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not one of ours, or already gone.
    }
  }
}

export async function startPostgres(port: number, logDir: string): Promise<PrivatePostgres> {
  if (!(await portIsFree(port))) throw new Error(`port ${port} (PostgreSQL) is taken: set LOAD_PG_PORT`);
  removeLeftovers(port);
  const pg = await startPrivatePostgres({ port, maxConnections: 200, sharedBuffers: '128MB' });
  onCleanup('PostgreSQL', async () => {
    await pg.stop('fast').catch(() => {});
    if (existsSync(pg.logFile)) copyFileSync(pg.logFile, path.join(logDir, 'postgresql.log'));
    await pg.dispose();
  });
  return pg;
}

/** A redis-server of our own on `port`, in memory only (no snapshot, no append-only file). */
export async function startRedis(port: number, logDir: string): Promise<{ url: string }> {
  if (!(await portIsFree(port))) throw new Error(`port ${port} (Redis) is taken: set LOAD_REDIS_PORT`);
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
  if (!bin) throw new Error('redis-server is not installed (Debian: apt-get install -y redis-server)');
  const log = createWriteStream(path.join(logDir, 'redis.log'));
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  onCleanup('Redis', () => stopChild(child, 'SIGTERM', 5000));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!(await portIsFree(port))) return { url: `redis://127.0.0.1:${port}` };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`redis-server did not start on port ${port} (see ${logDir}/redis.log)`);
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface ClusterOptions {
  root: string;
  port: number;
  instances: number;
  databaseUrl: string;
  redisUrl: string;
  sessionSecret: string;
  siteUrl: string;
  logFile: string;
  /** Seconds before the supervisor starts a killed instance again. */
  restartSeconds: number;
}

export interface Cluster {
  /** The current process id of each instance (app1…), updated when one is restarted. */
  pids: Map<string, number>;
  /** Resolves when the named instance has been started again after `since` and answers /readyz. */
  restarted(name: string, since: number, timeoutMs: number): Promise<void>;
  appPort(name: string): number;
  stop(): Promise<void>;
}

/** npm run start:cluster with the suite's ports and services; resolves once nginx answers. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const appPorts = Array.from({ length: options.instances }, (_, i) => options.port + 1 + i);
  for (const port of [options.port, ...appPorts]) {
    if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: set LOAD_PORT to another base`);
  }
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
    cwd: options.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      SESSION_SECRET: options.sessionSecret,
      SITE_URL: options.siteUrl,
      CLUSTER_HOST: '127.0.0.1',
      CLUSTER_PORT: String(options.port),
      CLUSTER_APP_PORTS: appPorts.join(','),
      CLUSTER_RESTART_SECONDS: String(options.restartSeconds),
      SEED_ON_EMPTY: 'false',
      // The simulated people are minutes old: new-account limits (docs/trust-levels.md) would refuse their writes.
      NEW_ACCOUNT_LIMITS: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Jobs that would compete with the measured requests stay off.
      REPOS_REFRESH_MINUTES: '0',
    },
  });
  const pids = new Map<string, number>();
  const starts = new Map<string, number>();
  let buffered = '';
  let ready = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const started = /^cluster: (app\d+) pid (\d+) port/.exec(line);
      if (started) {
        pids.set(started[1], Number(started[2]));
        starts.set(started[1], performance.now());
      }
      if (line.startsWith('cluster: ready:')) ready = true;
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
  const removeCleanup = onCleanup('cluster', () => stopChild(child, 'SIGTERM', 20_000));
  const deadline = Date.now() + 180_000;
  while (!ready) {
    if (child.exitCode !== null) {
      throw new Error(`npm run start:cluster exited (${child.exitCode}); see ${options.logFile}`);
    }
    if (Date.now() > deadline) throw new Error(`the cluster was not ready within 180 s; see ${options.logFile}`);
    await sleep(200);
  }
  const appPort = (name: string) => appPorts[Number(name.replace('app', '')) - 1];
  return {
    pids,
    appPort,
    async restarted(name, since, timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if ((starts.get(name) ?? 0) > since) {
          try {
            const res = await fetch(`http://127.0.0.1:${appPort(name)}/readyz`);
            if (res.ok) return;
          } catch {
            // Not listening yet.
          }
        }
        await sleep(200);
      }
      throw new Error(`${name} was not back within ${timeoutMs / 1000} s`);
    },
    async stop() {
      removeCleanup();
      await stopChild(child, 'SIGTERM', 20_000);
      log.end();
    },
  };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
