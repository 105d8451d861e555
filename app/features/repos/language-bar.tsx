import type { RepoDetailView } from './types.ts';

/**
 * The language bar (SPEC §3, §9): each language's share in percent with one decimal, in its
 * usual colour; shares under 0.1 % are already left out by the server.
 */
export function LanguageBar({ languages }: { languages: RepoDetailView['languageList'] }) {
  if (languages.length === 0) return null;
  const color = (c: string) => c || '#86909c';
  return (
    <section aria-label="语言" className="mt-5">
      <div className="flex h-2 overflow-hidden rounded-full bg-line">
        {languages.map((l) => (
          <span
            key={l.title}
            style={{ width: `${l.share}%`, backgroundColor: color(l.color) }}
            title={`${l.title} ${l.share.toFixed(1)}%`}
          />
        ))}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-fg-2" data-testid="language-list">
        {languages.map((l) => (
          <li key={l.title} className="inline-flex items-center gap-1">
            <span
              aria-hidden
              className="inline-block size-2.5 rounded-full"
              style={{ backgroundColor: color(l.color) }}
            />
            <span className="text-fg">{l.title}</span>
            <span>{l.share.toFixed(1)}%</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
