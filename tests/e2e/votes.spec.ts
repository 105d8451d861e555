import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, avatarMenuButton, loginDialog, submitLogin } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

/** Votes (docs/decisions/005-votes.md) on the vote detail page and its answer alias. */

interface VoteResults {
  entryId: string;
  options: Array<{ id: string; title: string; voteCount: number; percent: number }>;
  voterCount: number;
  voted: string | null;
}

/** A seeded vote entry (one with answers: other journeys publish votes too), through the feed API filtered by type. */
async function aVote(page: Page): Promise<{ id: string; title: string }> {
  const response = await page.request.get('/api/timeline/get_entry_by_comment', {
    params: { type: 'vote', limit: 1 },
  });
  const body = (await response.json()) as { d: { entrylist: Array<{ id: string; title: string; type: string }> } };
  const [vote] = body.d.entrylist;
  expect(vote?.type).toBe('vote');
  return vote;
}

/** The results as the signed-in browser sees them (the page's own cookies). */
async function results(page: Page, entryId: string): Promise<VoteResults> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/vote/getVote?entryId=${id}`);
    return ((await response.json()) as { d: VoteResults }).d;
  }, entryId);
}

function votePanel(page: Page) {
  return page.getByRole('region', { name: '投票' });
}

function optionButton(page: Page, title: string) {
  return votePanel(page).getByRole('button', {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}，`),
  });
}

test('a visitor sees the options with counts and percentages, and voting asks for login first', async ({ page }) => {
  const vote = await aVote(page);
  await page.goto(`/entry/${vote.id}`);
  // A vote entry is read on its detail page (SPEC §4).
  await expect(page).toHaveURL(`/entry/${vote.id}/detail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vote.title);
  const panel = votePanel(page);
  await expect(panel).toBeVisible();
  const state = (await page.request.get(`/api/vote/getVote?entryId=${vote.id}`).then((r) => r.json())) as {
    d: VoteResults;
  };
  expect(state.d.options.length).toBeGreaterThanOrEqual(2);
  await expect(panel.getByTestId('voter-count')).toHaveText(`共 ${state.d.voterCount} 人参与`);
  for (const option of state.d.options) {
    const shown = `${option.voteCount} 票 · ${Number.isInteger(option.percent) ? option.percent : option.percent.toFixed(1)}%`;
    await expect(optionButton(page, option.title)).toContainText(shown);
  }
  // The voters are listed.
  await expect(panel.getByRole('list', { name: '参与投票的人' }).getByRole('listitem')).toHaveCount(
    Math.min(state.d.voterCount, 20),
  );

  await optionButton(page, state.d.options[0].title).click();
  await expect(loginDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel.getByTestId('voter-count')).toHaveText(`共 ${state.d.voterCount} 人参与`);
});

test('a signed-in person votes once, can move the vote, and appears among the voters', async ({ page }) => {
  const vote = await aVote(page);
  await page.goto('/');
  await submitLogin(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(avatarMenuButton(page)).toBeVisible();
  await page.goto(`/entry/${vote.id}/detail`);
  const before = await results(page, vote.id);
  const fresh = before.options.filter((o) => o.id !== before.voted);
  const [first, second] = fresh;
  const hadVoted = before.voted !== null;

  await optionButton(page, first.title).click();
  await expect(optionButton(page, first.title)).toHaveAttribute('aria-pressed', 'true');
  await expect(optionButton(page, first.title)).toContainText(`${first.voteCount + 1} 票`);
  const voters = before.voterCount + (hadVoted ? 0 : 1);
  await expect(votePanel(page).getByTestId('voter-count')).toHaveText(`共 ${voters} 人参与`);
  await expect(votePanel(page).getByRole('list', { name: '参与投票的人' })).toContainText(DEMO_ACCOUNT.username);

  // Moving the vote: the first option gives it back, the second gains it, nobody counts twice.
  await optionButton(page, second.title).click();
  await expect(optionButton(page, second.title)).toHaveAttribute('aria-pressed', 'true');
  await expect(optionButton(page, first.title)).toHaveAttribute('aria-pressed', 'false');
  await expect(optionButton(page, first.title)).toContainText(`${first.voteCount} 票`);
  await expect(optionButton(page, second.title)).toContainText(`${second.voteCount + 1} 票`);
  await expect(votePanel(page).getByTestId('voter-count')).toHaveText(`共 ${voters} 人参与`);

  // The choice is kept: a reload, and the answer alias, show it.
  await page.reload();
  await expect(optionButton(page, second.title)).toHaveAttribute('aria-pressed', 'true');
  const answers = (await page.request
    .get(`/api/comment/comments/entry/${vote.id}?rankType=new&pageSize=1`)
    .then((r) => r.json())) as { d: { comments: Array<{ id: string }> } };
  const answer = answers.d.comments[0];
  expect(answer, 'a seeded answer').toBeDefined();
  await page.goto(`/entry/${vote.id}/detail/answer/${answer.id}`);
  await expect(optionButton(page, second.title)).toHaveAttribute('aria-pressed', 'true');
  expect((await results(page, vote.id)).voterCount).toBe(voters);
});
