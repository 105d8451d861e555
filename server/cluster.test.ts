/**
 * npm run start:cluster end to end (scripts/start-cluster.mjs, deploy/nginx.conf.template): three
 * app processes (from source, API only) behind nginx on one PostgreSQL database and one Redis.
 * Needs nginx (Debian: apt-get install -y nginx; CI installs it) and, on a PGlite run, the
 * PostgreSQL server programs for a private server.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '@db/client.ts';
import { ensureCategories } from '../tests/factories/categories.ts';
import { createEntry } from '../tests/factories/entries.ts';
import { createUser } from '../tests/factories/users.ts';
import { freePort } from '../tests/setup/child-server.ts';
import { startPrivatePostgres } from '../tests/setup/private-postgres.ts';
import { createTestDatabaseUrl } from '../tests/setup/test-db.ts';
import { type S3TestServer, sha256Hex, startS3Server } from '../tests/setup/s3-server.ts';
import sharp from 'sharp';
import { publishChange } from './adapters/changes.ts';
import { createSession, SESSION_COOKIE } from './modules/auth/auth.service.ts';

function nginxInstalled() {
  if (['/usr/sbin/nginx', '/usr/bin/nginx'].some((bin) => existsSync(bin))) return true;
  return spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
}

const disposers: Array<() => Promise<void>> = [];
let databaseUrl: string;
let cluster: ChildProcess;
let output = '';
let origin: string;
let appOrigins: string[];
let s3: S3TestServer;
const pids = new Map<string, number>();

beforeAll(async () => {
  if (!nginxInstalled()) {
    throw new Error('nginx is not installed: the cluster test needs it (Debian: apt-get install -y nginx)');
  }
  if (inject('testDatabase').kind === 'postgres') {
    const clone = await createTestDatabaseUrl();
    disposers.push(clone.dispose);
    databaseUrl = clone.url;
  } else {
    const postgres = await startPrivatePostgres();
    disposers.push(postgres.dispose);
    databaseUrl = postgres.serverUrl;
  }
  {
    // The categories exist before the processes start (each keeps the fixed category list for its life).
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    await database.migrate();
    await ensureCategories(database.db);
    await database.close();
  }
  const env: Record<string, string> = {};
  if (existsSync('/usr/bin/redis-server')) {
    const redisPort = await freePort();
    const redis = spawn('/usr/bin/redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    disposers.push(async () => {
      if (redis.exitCode === null) {
        redis.kill('SIGKILL');
        await once(redis, 'exit');
      }
    });
    env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
  }
  // Uploads go to one S3-compatible bucket that all three share (s3rver, signatures checked).
  s3 = await startS3Server();
  disposers.push(() => s3.close());
  Object.assign(env, {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  const port = await freePort();
  const appPorts = [await freePort(), await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  appOrigins = appPorts.map((p) => `http://127.0.0.1:${p}`);
  cluster = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      CLUSTER_SOURCE: '1',
      CLUSTER_HOST: '127.0.0.1',
      CLUSTER_PORT: String(port),
      CLUSTER_APP_PORTS: appPorts.join(','),
      SITE_URL: origin,
      SESSION_SECRET: 'cluster-test-secret-of-some-length',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const match of output.matchAll(/cluster: (app\d) pid (\d+) port/g)) pids.set(match[1], Number(match[2]));
      if (output.includes('cluster: ready:')) resolve();
    };
    cluster.stdout?.on('data', onData);
    cluster.stderr?.on('data', onData);
    cluster.once('exit', (code) => reject(new Error(`the cluster exited (${code}) while starting:\n${output}`)));
  });
  await Promise.race([
    ready,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`cluster not ready in 100 s:\n${output}`)), 100_000)),
  ]);
}, 120_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
    cluster.kill('SIGTERM');
    await once(cluster, 'exit');
  }
  for (const dispose of disposers.reverse()) await dispose();
}, 30_000);

async function instancesOf(count: number, init?: RequestInit, path = '/healthz') {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${origin}${path}`, init);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    seen.push(res.headers.get('x-instance') ?? 'none');
  }
  return seen;
}

describe('npm run start:cluster', () => {
  it('spreads requests over the three instances', async () => {
    expect([...pids.keys()].sort()).toEqual(['app1', 'app2', 'app3']);
    expect(new Set(await instancesOf(9))).toEqual(new Set(['app1', 'app2', 'app3']));
  });

  it('serves a session made on one instance from every instance (sessions live in the database)', async () => {
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      const user = await createUser(database.db);
      const session = await createSession(database, { userId: user.id, ttlDays: 1 });
      const cookie = `${SESSION_COOKIE}=${session.token}`;
      const seen = await instancesOf(6, { headers: { cookie } }, '/api/notification/getUserNotification');
      expect(new Set(seen)).toEqual(new Set(['app1', 'app2', 'app3']));
      const anonymous = await fetch(`${origin}/api/notification/getUserNotification`);
      expect(anonymous.status).toBe(401);
    } finally {
      await database.close();
    }
  });

  it('compresses in nginx (gzip), not in the app (which would choose brotli)', async () => {
    // Signed in, so past the page cache (whose kept pages stay precompressed, brotli included).
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const user = await createUser(database.db);
    const session = await createSession(database, { userId: user.id, ttlDays: 1 });
    await database.close();
    const res = await fetch(`${origin}/api/openapi.json`, {
      headers: { 'accept-encoding': 'br, gzip', cookie: `${SESSION_COOKIE}=${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).openapi).toMatch(/^3\./);
  });

  it('stores an upload made on app1 in the shared bucket, where app2 and app3 and any reader find it', async () => {
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const user = await createUser(database.db);
    const session = await createSession({ db: database.db }, { userId: user.id, ttlDays: 1 });
    await database.close();
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }));
    form.set('purpose', 'avatar');
    // Straight to app1, past nginx, so the instance is certain.
    const uploaded = await fetch(`${appOrigins[0]}/api/upload/image`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    expect(uploaded.headers.get('x-instance')).toBe('app1');
    const { d } = (await uploaded.json()) as { d: { url: string; width: number } };
    expect(uploaded.status).toBe(200);
    expect(d.url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/avatar/[0-9a-f]{24}\\.webp$`));
    // app2 accepts it as this person's avatar: the upload's record is in the shared database.
    const update = await fetch(`${appOrigins[1]}/api/user/v1/updateUserInfo`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'avatar', value: d.url }),
    });
    expect(update.headers.get('x-instance')).toBe('app2');
    expect(update.status).toBe(200);
    // app3 shows it, and the bucket serves the bytes app1 signed (the PUT's payload hash).
    const info = await fetch(`${appOrigins[2]}/api/user/v1/getUserInfo`, { headers: { cookie } });
    expect(info.headers.get('x-instance')).toBe('app3');
    const me = (await info.json()) as { d: { profile: { avatarLarge: string } } };
    expect(me.d.profile.avatarLarge).toBe(d.url);
    const image = await fetch(me.d.profile.avatarLarge);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const put = s3.signed.find((request) => request.method === 'PUT' && d.url.endsWith(request.path));
    expect(put?.payloadHash).toBe(sha256Hex(bytes));
  });

  it('keeps anonymous answers in nginx for a moment, never signed-in ones, and a new entry shows everywhere within 5 s', async () => {
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      const user = await createUser(database.db);
      const session = await createSession({ db: database.db }, { userId: user.id, ttlDays: 1 });
      const cookie = `${SESSION_COOKIE}=${session.token}`;
      const feed = '/api/timeline/get_entry_by_timeline?limit=20';
      const titlesAt = async (base: string, headers: Record<string, string> = {}) => {
        const res = await fetch(`${base}${feed}`, { headers });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { d: { entrylist: Array<{ title: string }> } };
        return {
          cache: `${res.headers.get('x-cache') ?? '-'} ${res.headers.get('x-instance')}`,
          titles: body.d.entrylist.map((entry) => entry.title),
        };
      };
      // Anonymous: stored once, then served by nginx (HIT) within its second.
      const seen: Array<string | null> = [];
      for (let i = 0; i < 10 && !seen.some((c) => c?.startsWith('HIT')); i++) seen.push((await titlesAt(origin)).cache);
      expect(seen.some((c) => c?.startsWith('HIT'))).toBe(true);
      // A session cookie goes past the cache, both ways.
      expect((await titlesAt(origin, { cookie })).cache).toMatch(/^BYPASS /);

      // A new entry, announced as every writer announces it (after its commit, on the change bus).
      const title = `集群里的新文章 ${Date.now().toString(36)}`;
      const entry = await createEntry(database.db, { title, userId: user.id });
      const written = Date.now();
      await publishChange(database.db, { kind: 'content', what: 'entry', userId: user.id, id: entry.id });
      // Through nginx (its cache, then any process's) and straight from each process (its own caches).
      for (const base of [origin, ...appOrigins]) {
        const answers: string[] = [];
        let titles: string[] = [];
        do {
          const answer = await titlesAt(base);
          titles = answer.titles;
          answers.push(`${Date.now() - written} ms ${answer.cache ?? '-'} ${titles.length}`);
          if (!titles.includes(title)) await new Promise((resolve) => setTimeout(resolve, 100));
        } while (!titles.includes(title) && Date.now() - written < 5_000);
        expect(titles, `the feed at ${base}: ${answers.slice(-5).join(', ')}`).toContain(title);
      }
      expect(Date.now() - written).toBeLessThan(5_000);
    } finally {
      await database.close();
    }
  });

  it('keeps answering when one instance is killed (nginx fails over)', async () => {
    process.kill(pids.get('app2') as number, 'SIGKILL');
    const seen = await instancesOf(12);
    expect(seen).not.toContain('app2');
    expect(new Set(seen)).toEqual(new Set(['app1', 'app3']));
  });

  it('stops nginx and every instance on SIGTERM', async () => {
    cluster.kill('SIGTERM');
    const [code] = await once(cluster, 'exit');
    expect(code).toBe(0);
    expect(output).toContain('cluster: stopped');
    await expect(fetch(`${origin}/readyz`)).rejects.toThrow();
    for (const name of ['app1', 'app3']) {
      expect(() => process.kill(pids.get(name) as number, 0)).toThrow();
    }
  });
});
