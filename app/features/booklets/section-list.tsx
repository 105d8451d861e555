import { Link } from 'react-router';
import { Lock } from '~/ui/icons.tsx';
import type { SectionBrief } from './types.ts';

/**
 * A booklet's table of contents: numbered sections, 试读 on free ones, a lock on those the
 * viewer cannot open, 草稿 on drafts (shown only to the author), the current one highlighted.
 */
export function SectionList({
  bookletId,
  sections,
  open,
  currentId,
  progressId,
  hrefOf = (id) => `/book/${bookletId}/section/${id}`,
  compact = false,
}: {
  bookletId: string;
  sections: SectionBrief[];
  /** The viewer may read every section (bought, free booklet, author). */
  open: boolean;
  currentId?: string;
  progressId?: string;
  hrefOf?: (sectionId: string) => string;
  compact?: boolean;
}) {
  if (sections.length === 0) return <p className="px-4 py-6 text-center text-fg-3 text-sm">还没有发布的小节</p>;
  return (
    <ol className={compact ? '' : 'divide-y divide-line'}>
      {sections.map((section, index) => {
        const current = section.id === currentId;
        return (
          <li key={section.id}>
            <Link
              to={hrefOf(section.id)}
              aria-current={current ? 'page' : undefined}
              className={`flex items-center gap-3 px-4 ${compact ? 'py-2 text-[13px]' : 'py-3 text-[14px]'} ${
                current ? 'bg-brand-tint text-brand' : 'text-fg hover:bg-page/60'
              }`}
            >
              <span className="w-6 shrink-0 text-right text-fg-3 tabular-nums">{index + 1}</span>
              <span className="min-w-0 flex-1 truncate">{section.title}</span>
              {section.isDraft && <span className="shrink-0 text-[12px] text-fg-3">草稿</span>}
              {section.id === progressId && !current && (
                <span className="shrink-0 text-[12px] text-brand">上次读到</span>
              )}
              {section.isFree && !open ? (
                <span className="shrink-0 rounded-sm border border-brand px-1 text-[12px] text-brand">试读</span>
              ) : (
                !open && <Lock aria-label="需购买" size={14} className="shrink-0 text-fg-3" />
              )}
              {!compact && <span className="shrink-0 text-[12px] text-fg-3">{section.readingMinutes} 分钟</span>}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
