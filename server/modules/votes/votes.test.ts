import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CategoryName } from '@core/constants.ts';
import { ENTRY_MESSAGES } from '@core/entry-input.ts';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entries, entryVotes, voteOptions } from '@db/schema/content.ts';
import { type CategoryRow, ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { ATTENDER_PAGE_MAX, attendersSchema, voteResultsSchema } from './votes.schemas.ts';
import { VOTE_MESSAGES, saveVoteOptions } from './votes.service.ts';

let database: Database;
let app: TestApp;
let categories: Record<CategoryName, CategoryRow>;
let tagId: string;
let author: TestUser;
const cookies = new Map<string, string>();

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  categories = await ensureCategories(database.db);
  tagId = (await createTag(database.db)).id;
  author = await createUser(database.db);
  cookies.set(author.id, await signIn(app, author));
});

const resultsEnvelope = envelopeOf(voteResultsSchema);
const attendersEnvelope = envelopeOf(attendersSchema);

async function person(): Promise<TestUser> {
  const user = await createUser(database.db);
  cookies.set(user.id, await signIn(app, user));
  return user;
}

function as(user: TestUser | null): Record<string, string> {
  return user ? { cookie: cookies.get(user.id) ?? '' } : {};
}

const voteForm = (options: unknown) => ({
  title: '你的团队新项目用什么前端框架？',
  vote: 1,
  category: categories.frontend.id,
  tags: tagId,
  options,
});

async function publishVote(options: unknown = ['React', 'Vue', 'Svelte']) {
  const { status, body } = await requestJson<{ entryId: string }>(app, '/api/post/entryPublish', {
    method: 'POST',
    headers: as(author),
    json: voteForm(options),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.d.entryId;
}

async function results(entryId: string, user: TestUser | null = null) {
  const { status, body } = await requestJson(app, `/api/vote/getVote?entryId=${entryId}`, { headers: as(user) });
  expect(status, JSON.stringify(body)).toBe(200);
  return resultsEnvelope.parse(body).d;
}

function vote(user: TestUser | null, entryId: string, optionId: string) {
  return requestJson(app, '/api/vote/vote', { method: 'POST', headers: as(user), json: { entryId, optionId } });
}

async function voteOk(user: TestUser, entryId: string, optionId: string) {
  const { status, body } = await vote(user, entryId, optionId);
  expect(status, JSON.stringify(body)).toBe(200);
  return resultsEnvelope.parse(body).d;
}

describe('publishing a vote', () => {
  it('stores its options in order, from an array or a pipe-joined string, with no votes yet', async () => {
    const id = await publishVote();
    const fresh = await results(id);
    expect(fresh.options.map((o) => [o.title, o.voteCount, o.percent])).toEqual([
      ['React', 0, 0],
      ['Vue', 0, 0],
      ['Svelte', 0, 0],
    ]);
    expect(fresh).toMatchObject({ entryId: id, voterCount: 0, voted: null });
    const piped = await publishVote('Rust| Go |Zig');
    expect((await results(piped)).options.map((o) => o.title)).toEqual(['Rust', 'Go', 'Zig']);
  });

  it('answers the Chinese messages for missing, repeated, long or misplaced options', async () => {
    const cases: Array<[unknown, Record<string, unknown>, string]> = [
      [['只有一个'], {}, ENTRY_MESSAGES.voteOptionsRequired],
      [undefined, {}, ENTRY_MESSAGES.voteOptionsRequired],
      [['Vue', 'vue'], {}, ENTRY_MESSAGES.voteOptionsRepeated],
      [['a'.repeat(41), 'b'], {}, ENTRY_MESSAGES.voteOptionTooLong],
      [Array.from({ length: 11 }, (_, i) => `选项${i}`), {}, ENTRY_MESSAGES.voteOptionsTooMany],
      [['A', 'B'], { vote: 0, content: '正文' }, ENTRY_MESSAGES.voteOptionsOnlyForVotes],
    ];
    for (const [options, extra, message] of cases) {
      const { status, body } = await requestJson(app, '/api/post/entryPublish', {
        method: 'POST',
        headers: as(author),
        json: { ...voteForm(options), ...extra },
      });
      expect(status, JSON.stringify(options)).toBe(400);
      expect(body.m).toBe(message);
    }
  });
});

describe('POST /api/vote/vote', () => {
  it('counts one vote per person, moves a changed vote, and answers counts with percentages', async () => {
    const id = await publishVote();
    const [react, vue, svelte] = (await results(id)).options.map((o) => o.id);
    const [a, b, c] = [await person(), await person(), await person()];

    await voteOk(a, id, react);
    await voteOk(b, id, react);
    const afterC = await voteOk(c, id, vue);
    expect(afterC.options.map((o) => [o.voteCount, o.percent])).toEqual([
      [2, 66.7],
      [1, 33.3],
      [0, 0],
    ]);
    expect(afterC).toMatchObject({ voterCount: 3, voted: vue });

    // a changes their mind: the vote moves, nobody counts twice.
    const moved = await voteOk(a, id, svelte);
    expect(moved.options.map((o) => o.voteCount)).toEqual([1, 1, 1]);
    expect(moved.voterCount).toBe(3);
    // The same option again changes nothing.
    expect((await voteOk(a, id, svelte)).options.map((o) => o.voteCount)).toEqual([1, 1, 1]);

    expect((await results(id, a)).voted).toBe(svelte);
    expect((await results(id, b)).voted).toBe(react);
    expect((await results(id)).voted).toBeNull();
    const rows = await database.db.select().from(entryVotes).where(eq(entryVotes.entryId, id));
    expect(rows).toHaveLength(3);
  });

  it('keeps one vote when the same person sends several at once', async () => {
    const id = await publishVote();
    const [react, vue] = (await results(id)).options.map((o) => o.id);
    const voter = await person();
    const answers = await Promise.all([react, vue, react, vue].map((option) => vote(voter, id, option)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const after = await results(id, voter);
    expect(after.voterCount).toBe(1);
    expect(after.options.find((o) => o.id === after.voted)?.voteCount).toBe(1);
    const [{ n }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(entryVotes)
      .where(eq(entryVotes.entryId, id));
    expect(n).toBe(1);
  });

  it('refuses signed-out visitors, other entries’ options, entries that are not votes and unknown entries', async () => {
    const id = await publishVote();
    const other = await publishVote(['甲', '乙']);
    const [react] = (await results(id)).options.map((o) => o.id);
    const [foreign] = (await results(other)).options.map((o) => o.id);
    const voter = await person();

    expect((await vote(null, id, react)).status).toBe(401);
    const wrongOption = await vote(voter, id, foreign);
    expect([wrongOption.status, wrongOption.body.m]).toEqual([400, VOTE_MESSAGES.optionMissing]);
    const article = await createEntry(database.db, { content: '正文' });
    const notVote = await vote(voter, article.id, react);
    expect([notVote.status, notVote.body.m]).toEqual([400, VOTE_MESSAGES.notAVote]);
    const missing = await vote(voter, newId(), react);
    expect([missing.status, missing.body.m]).toEqual([404, '此文章不存在']);
    expect((await requestJson(app, `/api/vote/getVote?entryId=${article.id}`)).status).toBe(400);
    expect((await results(id)).voterCount).toBe(0);
  });
});

describe('editing a vote', () => {
  it('answers 投票选项不存在, not a 500, to a first vote racing an edit that replaces the options', async () => {
    const id = await publishVote();
    const [react] = (await results(id)).options.map((o) => o.id);
    const voter = await person();
    let answer: ReturnType<typeof vote> | undefined;
    await database.db.transaction(async (tx) => {
      // An edit in flight: the entry locked as updateEntry locks it, its options replaced, not committed yet.
      await tx.execute(sql`select id from ${entries} where id = ${id} for update`);
      await saveVoteOptions(
        { db: tx },
        { entryId: id, type: 'vote', options: ['Angular', 'Ember'], previousType: 'vote' },
      );
      answer = vote(voter, id, react);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const { status, body } = await (answer as ReturnType<typeof vote>);
    expect([status, body.m], JSON.stringify(body)).toEqual([400, VOTE_MESSAGES.optionMissing]);
    const after = await results(id, voter);
    expect(after.options.map((o) => o.title)).toEqual(['Angular', 'Ember']);
    expect([after.voterCount, after.voted]).toEqual([0, null]);
  });

  it('changes options freely until someone votes, then keeps options and type', async () => {
    const id = await publishVote();
    const update = (json: Record<string, unknown>) =>
      requestJson(app, '/api/post/entryUpdate', {
        method: 'POST',
        headers: as(author),
        json: { ...voteForm(['React', 'Vue', 'Svelte']), entryId: id, ...json },
      });
    const renamed = await update({ options: ['React', 'Vue', 'Solid'] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const options = (await results(id)).options;
    expect(options.map((o) => o.title)).toEqual(['React', 'Vue', 'Solid']);

    await voteOk(await person(), id, options[0].id);
    // The title may change; the options, once voted on, may not; nor may the type.
    const retitled = await update({ title: '新项目用什么框架？', options: ['React', 'Vue', 'Solid'] });
    expect(retitled.status, JSON.stringify(retitled.body)).toBe(200);
    const frozen = await update({ options: ['React', 'Vue'] });
    expect([frozen.status, frozen.body.m]).toEqual([400, VOTE_MESSAGES.optionsFrozen]);
    const asArticle = await update({ vote: 0, options: undefined, content: '改成文章' });
    expect([asArticle.status, asArticle.body.m]).toEqual([400, VOTE_MESSAGES.typeFrozen]);
    expect((await results(id)).options.map((o) => [o.title, o.voteCount])).toEqual([
      ['React', 1],
      ['Vue', 0],
      ['Solid', 0],
    ]);
  });

  it('drops the options of a vote turned into an article before anyone voted', async () => {
    const id = await publishVote();
    const { status } = await requestJson(app, '/api/post/entryUpdate', {
      method: 'POST',
      headers: as(author),
      json: { ...voteForm(undefined), vote: 0, content: '现在是文章', entryId: id },
    });
    expect(status).toBe(200);
    expect(await database.db.select().from(voteOptions).where(eq(voteOptions.entryId, id))).toEqual([]);
  });
});

describe('GET /api/vote/get_attender', () => {
  it('lists the voters newest first, 20 a page, by zero-based page or by pointer', async () => {
    const id = await publishVote(['是', '否']);
    const [yes, no] = (await results(id)).options.map((o) => o.id);
    const voters: TestUser[] = [];
    for (let i = 0; i < 23; i++) {
      const voter = await person();
      voters.push(voter);
      await voteOk(voter, id, i % 3 === 0 ? no : yes);
    }
    const newestFirst = voters.map((v) => v.id).reverse();
    const get = async (query: string) => {
      const { status, body } = await requestJson(app, `/api/vote/get_attender?entryId=${id}${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return attendersEnvelope.parse(body).d;
    };
    const first = await get('');
    expect(first).toMatchObject({ total: 23, page: 0, pageSize: 20 });
    expect(first.userList.map((u) => u.id)).toEqual(newestFirst.slice(0, 20));
    const second = await get('&page=1');
    expect(second.userList.map((u) => u.id)).toEqual(newestFirst.slice(20));
    expect(second.pointer).toBeNull();
    const byPointer = await get(`&before=${encodeURIComponent(first.pointer ?? '')}`);
    expect(byPointer.userList.map((u) => u.id)).toEqual(newestFirst.slice(20));
    // Moving a vote keeps the voter's place (the first vote's time): the first voter, moving now,
    // stays last on the last page instead of jumping to the top.
    expect(voters[0].id).toBe(newestFirst.at(-1));
    await voteOk(voters[0], id, yes);
    expect((await get('')).userList.map((u) => u.id)).toEqual(newestFirst.slice(0, 20));
    expect((await get('&page=1')).userList.map((u) => u.id)).toEqual(newestFirst.slice(20));
    expect((await requestJson(app, `/api/vote/get_attender?entryId=${newId()}`)).status).toBe(404);
    expect((await requestJson(app, `/api/vote/get_attender?entryId=${id}&before=bad`)).status).toBe(400);
    expect((await requestJson(app, '/api/vote/get_attender?entryId=not-an-id')).status).toBe(400);
    // Pages by number go ATTENDER_PAGE_MAX deep, and the contract says so instead of capping silently.
    expect((await get(`&page=${ATTENDER_PAGE_MAX}`)).userList).toEqual([]);
    const tooDeep = await requestJson(app, `/api/vote/get_attender?entryId=${id}&page=${ATTENDER_PAGE_MAX + 1}`);
    expect([tooDeep.status, tooDeep.body.m]).toEqual([400, `参数 page 不能大于 ${ATTENDER_PAGE_MAX}`]);
  });
});
