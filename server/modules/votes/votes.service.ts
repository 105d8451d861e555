import type { Ctx, TxCtx } from '../../http/context.ts';
import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { isValidId, newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import type { EntryType } from '@db/schema/content.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import * as queries from './votes.queries.ts';
import { ATTENDER_PAGE_MAX } from './votes.schemas.ts';

/**
 * Votes (docs/decisions/005-votes.md): a vote entry's options, one vote per signed-in person,
 * which that person may move to another option but not take back; results with counts and
 * percentages; the voters (get_attender).
 */

export const VOTE_MESSAGES = {
  notAVote: '这篇文章不是投票',
  optionMissing: '投票选项不存在',
  optionsFrozen: '已有人投票，选项不能再修改',
  typeFrozen: '已有人投票，不能改成其他类型',
} as const;

export interface VoteOptionResult {
  id: string;
  title: string;
  voteCount: number;
  /** Share of the voters, in percent with one decimal; 0 before anyone voted. */
  percent: number;
}

export interface VoteResults {
  entryId: string;
  options: VoteOptionResult[];
  /** People who voted (each once). */
  voterCount: number;
  /** The option the viewer chose, or null (signed out, or not voted yet). */
  voted: string | null;
}

function results(
  entryId: string,
  options: Array<{ id: string; title: string; voteCount: number }>,
  voted: string | null,
) {
  const voterCount = options.reduce((sum, option) => sum + option.voteCount, 0);
  return {
    entryId,
    voterCount,
    voted,
    options: options.map((option) => ({
      ...option,
      percent: voterCount === 0 ? 0 : Math.round((option.voteCount * 1000) / voterCount) / 10,
    })),
  } satisfies VoteResults;
}

function sameTitles(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((title, i) => title === b[i]);
}

/**
 * Inside an entry's publish or edit transaction (the entry row already written or locked):
 * stores a vote's options. Unchanged options keep their votes; once someone has voted, the
 * options and the type are fixed, so results cannot be rewritten under the voters.
 */
export async function saveVoteOptions(
  ctx: TxCtx,
  input: { entryId: string; type: EntryType; options: string[] | undefined; previousType: EntryType | null },
): Promise<void> {
  const { db: tx } = ctx;
  const current = input.previousType === 'vote' ? await queries.selectOptions(tx, input.entryId) : [];
  const wanted = input.type === 'vote' ? (input.options ?? []) : [];
  if (
    sameTitles(
      current.map((o) => o.title),
      wanted,
    )
  ) {
    return;
  }
  if (current.length > 0 && (await queries.hasVotes(tx, input.entryId))) {
    throw badRequest(input.type === 'vote' ? VOTE_MESSAGES.optionsFrozen : VOTE_MESSAGES.typeFrozen);
  }
  await queries.deleteOptions(tx, input.entryId);
  await queries.insertOptions(
    tx,
    wanted.map((title, position) => ({ id: newId(), entryId: input.entryId, position, title })),
  );
}

/** 404 for a missing entry, 400 for one that is not a vote. */
function checkVoteType(type: EntryType | null): void {
  if (!type) throw notFound('此文章不存在');
  if (type !== 'vote') throw badRequest(VOTE_MESSAGES.notAVote);
}

async function requireVoteEntry(db: Db, entryId: string) {
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  checkVoteType(await queries.selectEntryType(db, entryId));
}

/** The options with counts and percentages, and the viewer's choice. */
export async function getVoteResults(ctx: Pick<Ctx, 'db' | 'viewer'>, entryId: string): Promise<VoteResults> {
  const { db, viewer } = ctx;
  await requireVoteEntry(db, entryId);
  const [options, voted] = await Promise.all([
    queries.selectOptions(db, entryId),
    viewer ? queries.selectVote(db, entryId, viewer.id) : Promise.resolve(null),
  ]);
  return results(entryId, options, voted);
}

/** The viewer votes for an option, or moves their vote to it; answers the new results. */
export async function castVote(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { entryId: string; optionId: string },
): Promise<VoteResults> {
  const viewer = requireViewer(ctx.viewer);
  if (!isValidId(input.entryId)) throw badRequest(INVALID_ID_MESSAGE);
  if (!isValidId(input.optionId)) throw badRequest(VOTE_MESSAGES.optionMissing);
  return ctx.db.transaction(async (tx) => {
    // The entry row first (FOR KEY SHARE): an edit replacing the options holds it FOR UPDATE, so
    // the options read next are the ones the vote is stored against (a vote racing an edit is a
    // 400, never a foreign-key failure), and an edit waiting behind the vote sees it and keeps
    // the options. No person's row changes here, so lockUsers has nothing to add.
    checkVoteType(await queries.lockEntryType(tx, input.entryId));
    const options = await queries.selectOptions(tx, input.entryId);
    if (!options.some((o) => o.id === input.optionId)) throw badRequest(VOTE_MESSAGES.optionMissing);
    const vote = { entryId: input.entryId, userId: viewer.id, optionId: input.optionId };
    let previous = await queries.lockVote(tx, input.entryId, viewer.id);
    if (previous === null && !(await queries.insertVote(tx, vote))) {
      // The same person's other request voted in between: this one moves that vote.
      previous = await queries.lockVote(tx, input.entryId, viewer.id);
    }
    if (previous === null) {
      await queries.addOptionCounts(tx, [{ optionId: input.optionId, delta: 1 }]);
    } else if (previous !== input.optionId) {
      await queries.moveVote(tx, vote);
      await queries.addOptionCounts(tx, [
        { optionId: previous, delta: -1 },
        { optionId: input.optionId, delta: 1 },
      ]);
    }
    return results(input.entryId, await queries.selectOptions(tx, input.entryId), input.optionId);
  });
}

/**
 * SPEC §7.3 get_attender: the people who voted, first vote newest first, 20 a page (SPEC §9):
 * zero-based `page` (at most ATTENDER_PAGE_MAX, which the contract enforces; an in-process
 * caller asking deeper gets that page) or the keyset `before` pointer of the last page.
 */
export async function listAttenders(
  ctx: Pick<Ctx, 'db'>,
  options: { entryId: string; page?: number; pageSize?: number; before?: string },
) {
  const { db } = ctx;
  await requireVoteEntry(db, options.entryId);
  const pageSize = options.pageSize ?? PAGE_SIZE.attenders;
  const cursor = readPointer(options.before);
  const page = cursor ? 0 : Math.min(options.page ?? 0, ATTENDER_PAGE_MAX);
  const [options_, rows] = await Promise.all([
    queries.selectOptions(db, options.entryId),
    queries.selectVoters(db, {
      entryId: options.entryId,
      cursor,
      offset: page * pageSize,
      limit: pageSize,
    }),
  ]);
  return {
    total: options_.reduce((sum, option) => sum + option.voteCount, 0),
    page,
    pageSize,
    pointer: nextPointer(rows, pageSize, (row) => [row.votedAt, row.id]),
    userList: rows.map(({ votedAt, ...user }) => ({ ...user, votedAt: votedAt.toISOString() })),
  };
}
