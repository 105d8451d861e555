import type { TrendingPeriod } from '@core/repos.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { RepoRow } from './repo-row.tsx';
import type { RepoView } from './types.ts';

export function RepoList({ repos, gained, empty }: { repos: RepoView[]; gained?: TrendingPeriod; empty: string }) {
  if (repos.length === 0) return <EmptyState text={empty} />;
  return (
    <ul aria-label="开源库列表">
      {repos.map((repo) => (
        <RepoRow key={repo.id} repo={repo} gained={gained} />
      ))}
    </ul>
  );
}
