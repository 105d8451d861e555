/**
 * npm run bench [-- --entries 100000] [--pg] [--duration 10] [--connections 10,50]
 *
 * Starts the production server on a generated dataset and measures, in one run, the bare
 * /api/bench/hello route, GET / signed out, GET /timeline signed in, GET /post/{id} and the
 * timeline JSON API, the search page and API and a tag page at 10 and 50 connections, on
 * loopback only, each run bounded in time. `--only search,tag` keeps the targets whose names
 * contain one of the words (the bare route always runs: it is the reference). The server gets this
 * process's environment: SEARCH_CACHE_SECONDS=0 turns the search answer cache off.
 * Prints req/s, p50, p99 and each ratio to the bare route, and the first-load JS and CSS of /.
 */
import autocannon from 'autocannon';
import { desc, eq } from 'drizzle-orm';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../db/client.ts';
import { entries, tags } from '../db/schema/content.ts';
import { users } from '../db/schema/users.ts';
import { createSession, SESSION_COOKIE } from '../server/modules/auth/auth.service.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    pg: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3390' },
    only: { type: 'string', default: '' },
    /** Concurrency levels, e.g. 1 for the latency of one request at a time. */
    connections: { type: 'string', default: '10,50' },
    query: { type: 'string', default: 'React' },
  },
});
const entryCount = Number(args.entries);
const duration = Number(args.duration);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
/** The build the server runs (react-router.config.ts and the server read the same variable). */
const buildDir = process.env.BUILD_DIR ?? 'build';
/** A common word of the generated articles: tens of thousands of matches at 1M entries. */
const SEARCH_QUERY = args.query;
/**
 * What people type, from the generated articles' vocabulary (at 1M entries): words in half the
 * entries down to a few hundred, two and three correlated words, and words nobody wrote. Each
 * request takes the next one, so a run measures the mix rather than one warm query.
 */
const SEARCH_MIX = [
  '最后',
  '实践',
  '数据',
  'React',
  '缓存',
  '前端',
  'rust',
  'Vue',
  '并发',
  '函数',
  '产品',
  '提升',
  'Kubernetes',
  '技巧',
  '创业',
  '记忆',
  'PostgreSQL',
  '逻辑',
  '向量数据库',
  '切分',
  '混合',
  '领域',
  'PostgreSQL 索引',
  'Vue 组件',
  'React 性能',
  '缓存 一致性',
  '并发 函数',
  '数据 实践',
  '产品 创业',
  '前端性能优化',
  '数据库 事务 隔离',
  '向量数据库 切分',
  'rust 并发 安全',
  '微服务 架构 实践',
  '量子纠缠通信',
  '不存在的词语',
  'zxqv',
  '火星殖民计划',
];
const databaseUrl = args.pg
  ? `postgres://postgres@127.0.0.1:5432/jinsha_bench_${entryCount}`
  : path.resolve(`data/bench-${entryCount}`);

function run(command: string, commandArgs: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

async function ensureDataset() {
  if (args.pg) {
    const exists = spawnSync('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-tAc',
      `select 1 from pg_database where datname = 'jinsha_bench_${entryCount}'`,
    ]);
    if (!String(exists.stdout).includes('1'))
      run('createdb', ['-h', '127.0.0.1', '-U', 'postgres', `jinsha_bench_${entryCount}`]);
  }
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  const [existing] = await database.db.select({ id: entries.id }).from(entries).limit(1);
  await database.close();
  if (!existing) {
    console.log(`generating ${entryCount} entries into ${databaseUrl} …`);
    run('npx', ['tsx', 'db/seed/scale.ts', '--entries', String(entryCount)], { DATABASE_URL: databaseUrl });
  }
}

/** A signed-in session and a post id to request, read before the server opens the database. */
async function prepareFixtures() {
  const database = await openDatabase({ url: databaseUrl });
  const [user] = await database.db.select({ id: users.id }).from(users).orderBy(desc(users.followingCount)).limit(1);
  const [post] = await database.db
    .select({ id: entries.id })
    .from(entries)
    .where(eq(entries.type, 'post'))
    .orderBy(desc(entries.createdAt))
    .limit(1);
  const [anyEntry] = await database.db
    .select({ id: entries.id })
    .from(entries)
    .orderBy(desc(entries.createdAt))
    .limit(1);
  const [tag] = await database.db.select({ title: tags.title }).from(tags).orderBy(desc(tags.entriesCount)).limit(1);
  if (!user || !anyEntry || !tag) throw new Error('the dataset has no users, entries or tags');
  const session = await createSession(database.db, { userId: user.id, ttlDays: 1, userAgent: 'bench' });
  await database.close();
  return { cookie: `${SESSION_COOKIE}=${session.token}`, postId: (post ?? anyEntry).id, tagTitle: tag.title };
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JINSHA_ALLOW_DEV_SECRET: '1',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready');
}

/** First-load JS and CSS of /: every script, modulepreload and stylesheet the HTML names, gzipped. */
async function firstLoadBytes() {
  const html = await (await fetch(`${base}/`)).text();
  const assets = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const gz = gzipSync(readFileSync(path.join(buildDir, 'client', asset))).length;
    if (asset.endsWith('.css')) css += gz;
    else js += gz;
  }
  return { js, css, files: assets.size };
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Each request asks for the next path of the list (one list per target, shared by its connections). */
function rotating(paths: string[]) {
  let next = 0;
  return [
    {
      setupRequest: (request: { path: string }) => {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ];
}

async function measure(
  name: string,
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  paths?: string[],
) {
  // The warm-up and the run each start the list from the beginning.
  await autocannon({ url, connections, duration: 2, headers, requests: paths && rotating(paths) });
  const r = await autocannon({ url, connections, duration, headers, requests: paths && rotating(paths) });
  return {
    name,
    connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
  } satisfies Row;
}

async function main() {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) run('npm', ['run', 'build']);
  await ensureDataset();
  const { cookie, postId, tagTitle } = await prepareFixtures();
  const server = await startServer();
  try {
    const signedIn = { cookie };
    const mix = (route: string) => SEARCH_MIX.map((query) => `${route}?${new URLSearchParams({ query, page: '0' })}`);
    const allTargets: Array<[string, string, Record<string, string>, string[]?]> = [
      ['bare /api/bench/hello', `${base}/api/bench/hello`, {}],
      ['GET / (signed out)', `${base}/`, {}],
      ['GET /timeline (signed in)', `${base}/timeline`, signedIn],
      ['GET /post/{id}', `${base}/post/${postId}`, {}],
      ['timeline JSON API', `${base}/api/timeline/get_entry_by_timeline?limit=20`, {}],
      [
        `GET /search?query=${SEARCH_QUERY} (page, signed out)`,
        `${base}/search?query=${encodeURIComponent(SEARCH_QUERY)}`,
        {},
      ],
      [
        `search JSON API, ${SEARCH_QUERY}, signed out`,
        `${base}/api/timeline/search?query=${encodeURIComponent(SEARCH_QUERY)}&page=0`,
        {},
      ],
      // Mixed words, signed in: cached for a viewer without mutes; SEARCH_CACHE_SECONDS=0 npm run bench … measures
      // the database's work for every request.
      [
        `search JSON API, mix of ${SEARCH_MIX.length}, signed in`,
        `${base}/api/timeline/search`,
        signedIn,
        mix('/api/timeline/search'),
      ],
      [`GET /search (page), mix of ${SEARCH_MIX.length}, signed in`, `${base}/search`, signedIn, mix('/search')],
      ['GET /tag/{title} (hottest)', `${base}/tag/${encodeURIComponent(tagTitle)}`, {}],
    ];
    const targets = allTargets.filter(
      ([name], index) =>
        index === 0 ||
        !args.only ||
        args.only.split(',').some((word) => String(name).toLowerCase().includes(word.trim())),
    );
    const rows: Row[] = [];
    for (const connections of args.connections.split(',').map(Number)) {
      for (const [name, url, headers, paths] of targets)
        rows.push(await measure(name, url, connections, headers, paths));
    }
    const bytes = await firstLoadBytes();
    const machine = `${process.platform} ${process.arch}, Node ${process.version}`;
    console.log(
      `\n金砂 bench · ${new Date().toISOString()} · ${machine} · ${args.pg ? 'PostgreSQL' : 'PGlite'} · ${entryCount} entries · ${duration} s per run\n`,
    );
    console.log('| route | c | req/s | p50 ms | p99 ms | vs bare | failures |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const bare = rows.find((r) => r.connections === row.connections)!;
      console.log(
        `| ${row.name} | ${row.connections} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${(row.rps / bare.rps).toFixed(3)} | ${row.failures} |`,
      );
    }
    console.log(
      `\nfirst load of /: JS ${(bytes.js / 1024).toFixed(1)} KiB gzipped, CSS ${(bytes.css / 1024).toFixed(1)} KiB gzipped (${bytes.files} files)`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
