import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { auditLog } from '@db/schema/moderation.ts';
import { repoStarSnapshots, repoTagLinks, repos } from '@db/schema/repos.ts';
import { createRepoTag } from '../../../tests/factories/repos.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type GithubServer, startGithubServer } from '../../../tests/setup/github-server.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { createGithubClient } from '../../adapters/github.ts';
import { getRepoDetail, importRepo, refreshRepos } from './repos.service.ts';

let database: Database;
let github: GithubServer;
let app: TestApp;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  github = await startGithubServer({ remaining: 100 });
  app = createTestApp(database, {}, { github: createGithubClient({ apiUrl: github.url, token: 'test-token' }) });
  [admin, reader] = await Promise.all([createUser(database.db, { role: 'admin' }), createUser(database.db)]);
});
afterAll(async () => {
  await github?.close();
  await database?.close();
});

const client = () => createGithubClient({ apiUrl: github.url, token: 'test-token' });
/** The importer's context as a job builds it: nobody signed in, so nothing is audited. */
const job = (host = client()) => ({ db: database.db, viewer: null, adapters: { github: host } });

describe('importRepo against recorded GitHub answers', () => {
  it('imports metadata, languages and README; asks again with ETags (304s); takes new stars', async () => {
    const first = await importRepo(job(), 'sindresorhus/slugify');
    expect(first).toMatchObject({
      fullName: 'sindresorhus/slugify',
      created: true,
      changed: { repo: true, languages: true, readme: true },
      starCount: 2710,
    });
    const seen = github.requests.slice(-3);
    expect(seen.map((r) => r.path)).toEqual([
      '/repos/sindresorhus/slugify',
      '/repos/sindresorhus/slugify/languages',
      '/repos/sindresorhus/slugify/readme',
    ]);
    for (const r of seen) {
      expect(r.headers.authorization).toBe('Bearer test-token');
      expect(r.headers['if-none-match']).toBeUndefined();
    }
    expect(seen[2].headers.accept).toBe('application/vnd.github.raw+json');
    expect(first.rateLimit).toMatchObject({ limit: 60, remaining: 97 });

    const detail = await getRepoDetail({ db: database.db, env: app.env }, first.id);
    expect(detail).toMatchObject({
      name: 'slugify',
      description: 'Slugify a string',
      language: 'JavaScript',
      starCount: 2710,
      forkCount: 119,
      watchCount: 22,
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
      user: { username: 'sindresorhus', avatar: 'https://avatars.githubusercontent.com/u/170270?v=4' },
      commitedAt: '2026-10-02T11:03:17.000Z',
    });
    // 21894 / 26827 bytes = 81.6 %, 4921 → 18.3 %, Shell's 12 bytes (0.04 %) hidden.
    expect(detail.languageList.map((l) => [l.title, l.share])).toEqual([
      ['JavaScript', 81.6],
      ['TypeScript', 18.3],
    ]);
    expect(detail.readmeHtml).toContain(
      'src="https://raw.githubusercontent.com/sindresorhus/slugify/HEAD/media/demo.png"',
    );
    expect(detail.readmeHtml).toContain('class="hljs language-js"');
    const snapshots = await database.db.select().from(repoStarSnapshots).where(eq(repoStarSnapshots.repoId, first.id));
    expect(snapshots.map((s) => s.starCount)).toEqual([2710]);

    // Unchanged: three conditional requests, three 304s, nothing counted against the limit.
    const [before] = await database.db.select().from(repos).where(eq(repos.id, first.id));
    const again = await importRepo(job(), 'SindreSorhus/Slugify');
    expect(again).toMatchObject({
      id: first.id,
      created: false,
      changed: { repo: false, languages: false, readme: false },
    });
    const conditional = github.requests.slice(-3);
    expect(conditional.map((r) => r.status)).toEqual([304, 304, 304]);
    expect(conditional.every((r) => typeof r.headers['if-none-match'] === 'string')).toBe(true);
    expect(again.rateLimit.remaining).toBe(97);
    const [after] = await database.db.select().from(repos).where(eq(repos.id, first.id));
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.syncedAt?.getTime()).toBeGreaterThanOrEqual(before.syncedAt?.getTime() ?? 0);

    // New stars: the row, the tag links' copy and the trending gains follow.
    const tag = await createRepoTag(database.db, 'JavaScript 工具');
    await database.db.insert(repoTagLinks).values({ repoId: first.id, repoTagId: tag.id, starCount: 2710 });
    await database.db.insert(repoStarSnapshots).values({
      repoId: first.id,
      day: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      starCount: 2700,
    });
    const recorded = JSON.parse(
      (await import('node:fs')).readFileSync(
        new URL('../../../tests/fixtures/github/sindresorhus/slugify/repo.json', import.meta.url),
        'utf8',
      ),
    );
    github.override('sindresorhus/slugify/repo.json', JSON.stringify({ ...recorded, stargazers_count: 2750 }));
    const grown = await importRepo(job(), 'sindresorhus/slugify');
    expect(grown.changed).toEqual({ repo: true, languages: false, readme: false });
    const [row] = await database.db.select().from(repos).where(eq(repos.id, first.id));
    expect(row.starCount).toBe(2750);
    expect(row.starsDaily).toBe(50);
    const [link] = await database.db.select().from(repoTagLinks).where(eq(repoTagLinks.repoId, first.id));
    expect(link.starCount).toBe(2750);
  });

  it('answers 404 for a repository GitHub does not have and 400 for a bad name', async () => {
    await expect(importRepo(job(), 'nobody/nothing')).rejects.toMatchObject({ status: 404 });
    await expect(importRepo(job(), 'not a name')).rejects.toMatchObject({ status: 400 });
  });

  it('stops when the rate limit is spent, and does not ask again before the reset', async () => {
    const spent = await startGithubServer({ remaining: 0, resetInSeconds: 600 });
    try {
      const host = createGithubClient({ apiUrl: spent.url });
      await expect(importRepo(job(host), 'sindresorhus/slugify')).rejects.toMatchObject({
        status: 503,
        message: expect.stringContaining('rate limit spent until'),
      });
      expect(spent.requests).toHaveLength(1);
      expect(spent.requests[0].headers.authorization).toBeUndefined();
      expect(host.rateLimit()).toMatchObject({ remaining: 0 });
      // The client refuses without a request until the window resets.
      await expect(importRepo(job(host), 'sindresorhus/slugify')).rejects.toMatchObject({ status: 503 });
      expect(spent.requests).toHaveLength(1);
      const refresh = await refreshRepos(job(host), { limit: 10 });
      expect(refresh.done).toEqual([]);
      expect(refresh.failed).toHaveLength(1);
    } finally {
      await spent.close();
    }
  });
});

describe('POST /api/repo/import_repo', () => {
  it('is for administrators, checks the name, imports and audits', async () => {
    const post = async (user: TestUser | null, json: unknown) =>
      requestJson<{ id: string; created: boolean }>(app, '/api/repo/import_repo', {
        method: 'POST',
        json,
        headers: user ? { cookie: await signIn(app, user) } : {},
      });
    expect((await post(null, { fullName: 'sindresorhus/slugify' })).status).toBe(401);
    expect((await post(reader, { fullName: 'sindresorhus/slugify' })).status).toBe(403);
    const bad = await post(admin, { fullName: 'slugify' });
    expect(bad.status).toBe(400);
    expect(bad.body.m).toBe('仓库名格式有误，应为 owner/name');
    expect((await post(admin, { fullName: 'nobody/nothing' })).status).toBe(404);
    const ok = await post(admin, { fullName: 'sindresorhus/slugify' });
    expect(ok.status).toBe(200);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.targetId, ok.body.d.id));
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([['import_repo', admin.id]]);
  });
});
