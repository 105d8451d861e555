/**
 * node --import tsx bench/cluster-cache.ts [--duration 8] [--connections 20] [--port 3455]
 *
 * Decision 019's measurement ("nginx cache"): is a shared nginx proxy_cache of anonymous pages worth having on top
 * of each process's own page cache (server/http/page-cache.ts) with three instances?
 *
 * Starts a private PostgreSQL server, `npm run start:cluster` from the build (three production
 * processes, demo content, nginx with its 1-second page cache) on --port, and a second nginx on
 * --port+4 in front of the same three
 * processes without nginx's page cache (deploy/nginx.conf.template with proxy_cache off). Then, for
 * anonymous GETs of the home page and an article, each front in turn:
 *   - quiet: nothing changes, both caches are warm;
 *   - busy: 10 content changes a second announced on the change bus (a like every 100 ms, the
 *     way a busy site would), which makes every process's page cache re-render after
 *     CACHE_GRACE_MS.
 * Prints req/s, p50/p99 and the CPU the app processes and nginx spent per request (from /proc),
 * with the load average. Bounded: about 2 × 2 × 2 × duration seconds plus start-up.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPrivatePostgres } from '../tests/setup/private-postgres.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3455' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
const cachedPort = port + 4;
const appPorts = [port + 1, port + 2, port + 3];

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime (fields 14 and 15 of stat; 12 and 13 after the name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
function treeCpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMs(pid);
    } catch {
      // Gone.
    }
  }
  return total;
}
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const postgres = await startPrivatePostgres();
let cluster: ChildProcess | undefined;
let cachedNginx: ChildProcess | undefined;
let notifier: pg.Client | undefined;
async function cleanUp() {
  if (cachedNginx && cachedNginx.exitCode === null) {
    cachedNginx.kill('SIGQUIT');
    await once(cachedNginx, 'exit');
  }
  if (cluster && cluster.exitCode === null) {
    cluster.kill('SIGTERM');
    await once(cluster, 'exit');
  }
  await notifier?.end().catch(() => {});
  await postgres.dispose();
}

try {
  let output = '';
  cluster = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: postgres.serverUrl,
      CLUSTER_HOST: '127.0.0.1',
      CLUSTER_PORT: String(port),
      CLUSTER_APP_PORTS: appPorts.join(','),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('cluster: ready:')) resolve();
    };
    cluster?.stdout?.on('data', onData);
    cluster?.stderr?.on('data', onData);
    cluster?.once('exit', (code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
  });
  const appPids = [...output.matchAll(/cluster: app\d pid (\d+) port/g)].map((m) => Number(m[1]));
  const nginxPid = Number(/nginx pid (\d+)/.exec(output)?.[1]);
  const configPath = /config (\S+nginx\.conf)\)/.exec(output)?.[1] ?? '';

  // The same configuration without nginx's cache (proxy_cache off), on another port and prefix.
  const prefix = path.join(os.tmpdir(), `jinsha-nginx-uncached-${port}`);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(path.join(prefix, dir), { recursive: true });
  }
  const base = readFileSync(configPath, 'utf8');
  const oldPrefix = path.dirname(configPath);
  const cached = base
    .replaceAll(oldPrefix, prefix)
    .replace(`listen 127.0.0.1:${port};`, `listen 127.0.0.1:${cachedPort};`)
    .replace('proxy_cache jinsha_pages;', 'proxy_cache off;');
  if (!base.includes('proxy_cache jinsha_pages;')) throw new Error('the template has no page cache to turn off');
  writeFileSync(path.join(prefix, 'nginx.conf'), cached);
  cachedNginx = spawn(
    '/usr/sbin/nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: 'inherit',
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));

  const home = await fetch(`http://127.0.0.1:${port}/`, { headers: BROWSER });
  const html = await home.text();
  const article = /href="(\/post\/[0-9a-zA-Z]{24})"/.exec(html)?.[1];
  if (!article) throw new Error('no article link on the home page');

  notifier = new pg.Client({ connectionString: postgres.serverUrl });
  await notifier.connect();
  let changes = 0;
  const changer = (on: boolean) => {
    if (!on) return () => {};
    const timer = setInterval(() => {
      changes++;
      notifier?.query(`SELECT pg_notify('jinsha_changes', $1)`, [`content|like|bench|${changes}`]).catch(() => {});
    }, 100);
    return () => clearInterval(timer);
  };

  const rows: string[] = [];
  for (const busy of [false, true]) {
    for (const target of ['/', article]) {
      for (const [front, frontPort, nginxPids] of [
        ['in-process cache only', cachedPort, [cachedNginx.pid as number, ...childrenOf(cachedNginx.pid as number)]],
        ['+ nginx cache (template)', port, [nginxPid, ...childrenOf(nginxPid)]],
      ] as const) {
        const url = `http://127.0.0.1:${frontPort}${target}`;
        await autocannon({ url, connections, duration: 2, headers: BROWSER }); // warm-up
        const stop = changer(busy);
        const appBefore = treeCpuMs(appPids);
        const nginxBefore = treeCpuMs([...nginxPids]);
        const result = await autocannon({ url, connections, duration, headers: BROWSER });
        const appCpu = treeCpuMs(appPids) - appBefore;
        const nginxCpu = treeCpuMs([...nginxPids]) - nginxBefore;
        stop();
        const requests = result.requests.total;
        const bad = result.non2xx + result.errors;
        rows.push(
          `| ${busy ? 'busy (10 changes/s)' : 'quiet'} | ${target === '/' ? '/' : '/post/{id}'} | ${front} | ${Math.round(result.requests.average)} | ${result.latency.p50} / ${result.latency.p99} | ${((appCpu * 1000) / requests).toFixed(0)} | ${((nginxCpu * 1000) / requests).toFixed(0)} | ${bad} | ${os.loadavg()[0].toFixed(1)} |`,
        );
        console.log(rows.at(-1));
      }
    }
  }
  console.log(
    `\n${connections} connections, ${duration} s each, 3 app processes (CACHE_GRACE_MS default), nginx 1 worker\n`,
  );
  console.log('| changes | page | front | req/s | p50 / p99 ms | app CPU µs/req | nginx CPU µs/req | non-2xx | load |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await cleanUp();
}
