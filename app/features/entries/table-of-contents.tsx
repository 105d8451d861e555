import { useEffect, useMemo, useState } from 'react';
import type { TocHeading } from './types.ts';

/** Articles with fewer headings read fine without a table of contents. */
export const TOC_MIN_HEADINGS = 3;

/** The heading nearest above the top of the viewport, for marking the current section. */
function useCurrentHeading(ids: string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    const targets = ids.map((id) => document.getElementById(id)).filter((node): node is HTMLElement => !!node);
    if (targets.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (record.isIntersecting) visible.add(record.target.id);
          else visible.delete(record.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setCurrent(first);
      },
      // The band under the sticky header where a heading counts as the one being read.
      { rootMargin: '-60px 0px -70% 0px' },
    );
    for (const target of targets) observer.observe(target);
    return () => observer.disconnect();
  }, [ids]);
  return current;
}

export function TableOfContents({ headings }: { headings: TocHeading[] }) {
  const ids = useMemo(() => headings.map((heading) => heading.id), [headings]);
  const current = useCurrentHeading(ids);
  const top = Math.min(...headings.map((heading) => heading.level));
  return (
    <nav aria-labelledby="toc-title" className="rounded bg-card px-4 py-4">
      <h2 id="toc-title" className="border-line border-b pb-3 font-semibold text-base">
        目录
      </h2>
      <ol className="mt-2 max-h-[calc(100vh-200px)] overflow-y-auto text-fg-2">
        {headings.map((heading) => (
          <li key={heading.id} style={{ paddingLeft: `${(heading.level - top) * 12}px` }}>
            <a
              href={`#${heading.id}`}
              aria-current={heading.id === current ? 'location' : undefined}
              className={`block truncate rounded px-2 py-1 transition-colors duration-150 ease-out hover:text-brand ${
                heading.id === current ? 'bg-brand-tint text-brand' : ''
              }`}
              title={heading.text}
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
