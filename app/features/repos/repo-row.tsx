import { formatCount } from '@core/format.ts';
import { TRENDING_PERIOD_LABELS, type TrendingPeriod } from '@core/repos.ts';
import { Link } from 'react-router';
import { Star } from '~/ui/icons.tsx';
import { OwnerAvatar } from './owner-avatar.tsx';
import type { RepoView } from './types.ts';

/** One repo in a list: owner/name, the shown Chinese title and description, language, stars, forks. */
export function RepoRow({ repo, gained }: { repo: RepoView; gained?: TrendingPeriod }) {
  const title = repo.translation.title;
  const description = repo.translation.description || repo.description;
  return (
    <li className="relative flex gap-3 border-line border-b px-4 py-4 last:border-b-0 sm:px-5" data-testid="repo-row">
      <OwnerAvatar owner={repo.user} size={40} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-base text-fg leading-snug">
          <Link to={`/repo/${repo.id}`} className="after:absolute after:inset-0 hover:text-brand">
            {repo.user.username}/{repo.name}
          </Link>
          {title && <span className="ml-2 font-normal text-fg-2 text-sm">{title}</span>}
        </h3>
        {description && <p className="mt-1 line-clamp-2 text-fg-2 text-sm">{description}</p>}
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-fg-3">
          {repo.language && (
            <span className="inline-flex items-center gap-1">
              <span
                aria-hidden
                className="inline-block size-2.5 rounded-full"
                style={{ backgroundColor: repo.languageColor || '#86909c' }}
              />
              {repo.language}
            </span>
          )}
          <span className="inline-flex items-center gap-1" title={`${repo.starCount} star`}>
            <Star size={14} aria-hidden />
            {formatCount(repo.starCount)}
          </span>
          <span title={`${repo.forkCount} fork`}>{formatCount(repo.forkCount)} fork</span>
          {gained && (
            <span className="text-brand" data-testid="stars-gained">
              {TRENDING_PERIOD_LABELS[gained]} +{formatCount(repo.starsGained[gained])} star
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
