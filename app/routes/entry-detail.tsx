import { isValidId } from '@core/ids.ts';
import { data } from 'react-router';
import { CommentSection } from '~/features/comments/comment-section.tsx';
import { ArticleView } from '~/features/entries/article-view.tsx';
import { useHighlightedComment } from '~/features/entries/entry-actions.tsx';
import { VotePanel } from '~/features/votes/vote-panel.tsx';
import { loadVote } from '~/features/votes/votes.server.ts';
import { loadEntryPage } from '~/features/entries/entries.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireIdParam } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/entry-detail';

/**
 * /entry/{id}/detail/{commentId?} and the answer alias /entry/{id}/detail/answer/{answerId}:
 * a vote entry with its options, results and voters, then its comments (the answers), the given
 * comment highlighted (SPEC §2.3).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.id);
  const commentId = params.commentId ?? null;
  if (commentId !== null && !isValidId(commentId)) throw data({ message: '找不到页面' }, { status: 404 });
  const page = await loadEntryPage(context, { id, route: 'detail' });
  const vote = page.entry.type === 'vote' ? await loadVote(context, id) : null;
  return { ...page, vote, commentId };
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  pageMeta(matches, loaded?.entry.title ?? null, loaded?.entry.abstract || undefined);

export default function EntryDetail({ loaderData }: Route.ComponentProps) {
  const { commentId, vote, ...page } = loaderData;
  useHighlightedComment(commentId);
  return (
    <ArticleView key={page.entry.id} {...page} afterBody={vote && <VotePanel vote={vote} />}>
      <CommentSection targetType="entry" targetId={page.entry.id} count={page.entry.commentCount} className="mt-5" />
    </ArticleView>
  );
}
