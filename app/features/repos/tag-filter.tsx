import { Link } from 'react-router';
import type { RepoTagNode } from './types.ts';

const chip = (on: boolean) =>
  `inline-flex h-7 items-center rounded-full px-3 text-[13px] transition-colors duration-150 ease-out ${
    on ? 'bg-brand-tint font-medium text-brand' : 'text-fg-2 hover:text-brand'
  }`;

function filteredHref(tagIds: string[]) {
  return `/repos/filtered?tagIds=${tagIds.join('|')}`;
}

/**
 * The fixed tag tree as filters (SPEC §3): the roots, and under the chosen root its sub-tags.
 * The chosen tags live in the URL (/repos/filtered?tagIds=root|sub); 全部 goes back to /repos.
 */
export function TagFilter({ tags, selected }: { tags: RepoTagNode[]; selected: string[] }) {
  const root = tags.find((t) => selected.includes(t.id));
  const child = root?.children.find((c) => selected.includes(c.id));
  return (
    <nav aria-label="标签筛选" className="border-line border-b px-3 py-3 sm:px-4">
      <ul className="flex flex-wrap gap-1">
        <li>
          <Link to="/repos" className={chip(!root)} aria-current={!root ? 'page' : undefined}>
            全部
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={filteredHref([tag.id])}
              className={chip(root?.id === tag.id)}
              aria-current={root?.id === tag.id && !child ? 'page' : undefined}
            >
              {tag.title}
            </Link>
          </li>
        ))}
      </ul>
      {root && root.children.length > 0 && (
        <ul aria-label={`${root.title} 子标签`} className="mt-2 flex flex-wrap gap-1 border-line border-t pt-2">
          {root.children.map((c) => (
            <li key={c.id}>
              <Link
                to={filteredHref(child?.id === c.id ? [root.id] : [root.id, c.id])}
                className={chip(child?.id === c.id)}
                aria-current={child?.id === c.id ? 'page' : undefined}
              >
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
