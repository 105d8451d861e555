import { CommentSection } from '~/features/comments/comment-section.tsx';
import { ArticleView } from '~/features/entries/article-view.tsx';
import { HiddenNotice } from '~/features/moderation/hidden-notice.tsx';
import { loadEntryPage } from '~/features/entries/entries.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import { entrySeo } from '~/lib/seo.server.ts';
import { requireIdParam } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/entry';

/**
 * /entry/{id}: a shared link or article; /post/{id}: a column article (type post, SPEC §4). One
 * module serves both routes; the path says which, and the loader redirects an entry read under
 * the other's address.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const route = new URL(request.url).pathname.startsWith('/post/') ? 'post' : 'entry';
  const page = await loadEntryPage(context, { id: requireIdParam(params.id), route });
  return { ...page, seo: entrySeo(context, page.entry) };
}

export const meta: Route.MetaFunction = ({ matches, data }) => seoMeta(matches, data?.entry.title ?? null, data?.seo);

export default function Entry({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.moderation && (
        <div className="mx-auto max-w-[1140px] px-4 pt-5">
          <HiddenNotice state={loaderData.moderation} targetType="entry" targetId={loaderData.entry.id} />
        </div>
      )}
      <ArticleView key={loaderData.entry.id} {...loaderData}>
        <CommentSection
          targetType="entry"
          targetId={loaderData.entry.id}
          count={loaderData.entry.commentCount}
          className="mt-5"
        />
      </ArticleView>
    </>
  );
}
