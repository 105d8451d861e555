import { Check } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiFetch } from '~/lib/api-client.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { userHref } from '~/lib/links.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import type { LoadedVote } from './votes.server.ts';

type Results = LoadedVote['results'];
type Attenders = LoadedVote['attenders'];

function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** The people who voted, newest first, 20 at a time (get_attender). */
function Voters({ entryId, attenders }: { entryId: string; attenders: Attenders }) {
  const alerts = useAlerts();
  const [more, setMore] = useState<{ list: Attenders['userList']; pointer: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = [...attenders.userList, ...(more?.list ?? [])];
  const pointer = more ? more.pointer : attenders.pointer;

  async function loadMore() {
    if (!pointer || busy) return;
    setBusy(true);
    try {
      const page = await apiFetch<Attenders>(
        `/api/vote/get_attender?entryId=${entryId}&before=${encodeURIComponent(pointer)}`,
      );
      setMore((previous) => ({ list: [...(previous?.list ?? []), ...page.userList], pointer: page.pointer }));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  if (attenders.total === 0) return <p className="mt-4 text-[13px] text-fg-3">还没有人投票，来投第一票吧</p>;
  return (
    <div className="mt-5">
      <h3 className="text-[13px] text-fg-3">参与投票的人</h3>
      <ul aria-label="参与投票的人" className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {list.map((user) => {
          const href = userHref(user);
          const body = (
            <>
              <Avatar user={user} size={24} />
              <span className="max-w-[10em] truncate">{user.username}</span>
            </>
          );
          return (
            <li key={user.id} className="text-[13px] text-fg-2">
              {href ? (
                <Link to={href} className="inline-flex items-center gap-1.5 hover:text-brand">
                  {body}
                </Link>
              ) : (
                <span className="inline-flex items-center gap-1.5">{body}</span>
              )}
            </li>
          );
        })}
      </ul>
      {pointer && (
        <Button variant="text" className="mt-2" onClick={loadMore} disabled={busy}>
          {busy ? '加载中...' : '查看更多'}
        </Button>
      )}
    </div>
  );
}

/**
 * A vote (docs/decisions/005-votes.md): every option with its count and share; a signed-in
 * person votes by choosing an option and may move the vote to another one; a signed-out click
 * opens the login modal and sends nothing. The results change only after the call succeeds.
 */
export function VotePanel({ vote }: { vote: LoadedVote }) {
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const viewer = useViewer();
  const [results, setResults] = useState<Results>(vote.results);
  const [attenders, setAttenders] = useState<Attenders>(vote.attenders);
  const [busy, setBusy] = useState(false);

  async function choose(optionId: string) {
    if (busy || optionId === results.voted) return;
    try {
      requireLogin();
      setBusy(true);
      const firstVote = results.voted === null;
      const next = await apiFetch<Results>('/api/vote/vote', {
        method: 'POST',
        json: { entryId: results.entryId, optionId },
      });
      setResults(next);
      if (firstVote) {
        setAttenders(await apiFetch<Attenders>(`/api/vote/get_attender?entryId=${results.entryId}`));
      }
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  if (results.options.length === 0) return null;
  const hint = !viewer ? '登录后参与投票' : results.voted ? '已投票，可以改投其他选项' : '选择一个选项投票';
  return (
    <section aria-labelledby="vote-heading" className="mt-6 rounded border border-line px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vote-heading" className="font-semibold text-base text-fg">
          投票
        </h2>
        <p className="text-[13px] text-fg-3">
          <span data-testid="voter-count">共 {results.voterCount} 人参与</span> · {hint}
        </p>
      </div>
      <ul className="mt-3 grid gap-2">
        {results.options.map((option) => {
          const chosen = option.id === results.voted;
          return (
            <li key={option.id}>
              <button
                type="button"
                onClick={() => choose(option.id)}
                disabled={busy}
                aria-pressed={chosen}
                aria-label={`${option.title}，${option.voteCount} 票，${formatPercent(option.percent)}${chosen ? '，已投' : ''}`}
                className={`relative flex h-10 w-full items-center overflow-hidden rounded border px-3 text-left text-sm transition-colors duration-150 ease-out disabled:cursor-wait ${
                  chosen ? 'border-brand text-brand' : 'border-line text-fg hover:border-brand'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`absolute inset-y-0 left-0 ${chosen ? 'bg-brand-tint' : 'bg-page'} transition-[width] duration-200 ease-out motion-reduce:transition-none`}
                  style={{ width: `${option.percent}%` }}
                />
                <span className="relative flex min-w-0 flex-1 items-center gap-1.5">
                  {chosen && <Check size={16} strokeWidth={1.75} aria-hidden="true" />}
                  <span className="truncate">{option.title}</span>
                </span>
                <span className="relative ml-3 shrink-0 text-[13px] text-fg-2 tabular-nums">
                  {option.voteCount} 票 · {formatPercent(option.percent)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Voters key={attenders.userList[0]?.id ?? 'none'} entryId={results.entryId} attenders={attenders} />
    </section>
  );
}
