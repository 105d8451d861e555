import { formatCount } from '@core/format.ts';
import { truncate } from '@core/format.ts';
import { Link } from 'react-router';
import { CommentSection } from '~/features/comments/comment-section.tsx';
import { ReportButton } from '~/features/moderation/report-button.tsx';
import { LanguageBar } from '~/features/repos/language-bar.tsx';
import { OwnerAvatar } from '~/features/repos/owner-avatar.tsx';
import { Readme } from '~/features/repos/readme.tsx';
import { linkOutHref } from '~/lib/links.ts';
import { pageMeta } from '~/lib/meta.ts';
import { loadRepoPage } from '~/features/repos/repos.server.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { buttonClass } from '~/ui/button.tsx';
import { ExternalLink, Eye, Star } from '~/ui/icons.tsx';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { Route } from './+types/repo';

/** /repo/{id}: the repo, its README, language bar, translators, comments and a report action. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadRepoPage(context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data
      ? `${data.repo.user.username}/${data.repo.name}${data.repo.translation.title ? ` - ${data.repo.translation.title}` : ''}`
      : null,
    data ? truncate(data.repo.translation.description || data.repo.description, 120) : undefined,
  );

export default function RepoPage({ loaderData }: Route.ComponentProps) {
  const { repo } = loaderData;
  return (
    <PageContainer>
      <WithAside
        asideLabel="译者"
        aside={
          <section aria-label="译者" className="rounded bg-card">
            <h2 className="border-line border-b px-4 py-3 font-medium">译者</h2>
            {repo.translators.length === 0 ? (
              <p className="px-4 py-6 text-center text-fg-3 text-sm">还没有人翻译，来做第一个译者吧</p>
            ) : (
              <ul className="space-y-3 px-4 py-3" data-testid="translators">
                {repo.translators.map((u) => (
                  <li key={u.id}>
                    <Link to={`/user/${u.id}`} className="flex items-center gap-2 text-sm hover:text-brand">
                      <Avatar user={u} size={28} />
                      <span className="truncate">{u.username}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <div className="border-line border-t px-4 py-3">
              <Link to={`/repo/${repo.id}/edit`} className={buttonClass('secondary', 'sm', 'w-full')}>
                参与翻译
              </Link>
            </div>
          </section>
        }
      >
        <article className="rounded bg-card px-4 py-6 sm:px-8">
          <header className="flex items-start gap-4">
            <OwnerAvatar owner={repo.user} size={56} />
            <div className="min-w-0 flex-1">
              <h1 className="break-words font-bold text-[22px] text-fg leading-tight">
                <a
                  href={linkOutHref(repo.user.url || repo.url)}
                  target="_blank"
                  rel="nofollow noopener"
                  className="hover:text-brand"
                >
                  {repo.user.username}
                </a>
                <span className="text-fg-3"> / </span>
                <a href={linkOutHref(repo.url)} target="_blank" rel="nofollow noopener" className="hover:text-brand">
                  {repo.name}
                </a>
              </h1>
              {repo.translation.title && (
                <p className="mt-1 font-medium text-base text-fg" data-testid="repo-title-translation">
                  {repo.translation.title}
                </p>
              )}
            </div>
          </header>
          <div className="mt-4 space-y-1">
            {repo.description && <p className="text-fg-2">{repo.description}</p>}
            {repo.translation.description && (
              <p className="text-fg" data-testid="repo-description-translation">
                {repo.translation.description}
              </p>
            )}
          </div>
          <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-fg-2 text-sm" aria-label="统计">
            <li className="inline-flex items-center gap-1" title={`${repo.starCount} star`}>
              <Star size={16} aria-hidden /> {formatCount(repo.starCount)} star
            </li>
            <li title={`${repo.forkCount} fork`}>{formatCount(repo.forkCount)} fork</li>
            <li className="inline-flex items-center gap-1" title={`${repo.watchCount} watch`}>
              <Eye size={16} aria-hidden /> {formatCount(repo.watchCount)} watch
            </li>
            {repo.license.name && (
              <li>
                许可证：
                {repo.license.url ? (
                  <a
                    href={linkOutHref(repo.license.url)}
                    target="_blank"
                    rel="nofollow noopener"
                    className="hover:text-brand"
                  >
                    {repo.license.name}
                  </a>
                ) : (
                  repo.license.name
                )}
              </li>
            )}
            {repo.commitedAt && (
              <li>
                最近提交：
                <RelativeTime value={repo.commitedAt} />
              </li>
            )}
          </ul>
          <LanguageBar languages={repo.languageList} />
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <a
              href={linkOutHref(repo.url)}
              target="_blank"
              rel="nofollow noopener"
              className={buttonClass('primary', 'sm', 'gap-1')}
            >
              <ExternalLink size={14} aria-hidden /> 访问仓库
            </a>
            <Link to={`/repo/${repo.id}/edit`} className={buttonClass('secondary', 'sm')}>
              参与翻译
            </Link>
            <ReportButton targetType="repo" targetId={repo.id} />
          </div>
        </article>
        <section aria-label="README" className="mt-5 rounded bg-card px-4 py-6 sm:px-8">
          <h2 className="mb-4 border-line border-b pb-3 font-medium text-fg-2 text-sm">README</h2>
          <Readme html={repo.readmeHtml} />
        </section>
        <CommentSection targetType="repo" targetId={repo.id} count={repo.commentCount} className="mt-5" />
      </WithAside>
    </PageContainer>
  );
}
