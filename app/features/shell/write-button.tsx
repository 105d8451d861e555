import { ChevronDown, PenLine } from '~/ui/icons.tsx';
import { Link } from 'react-router';
import type { ViewerSummary } from '~/lib/root-data.ts';
import { buttonClass } from '~/ui/button.tsx';
import { LazyMenu, menuModule } from '~/ui/lazy-menu.tsx';

const writeMoreMenu = menuModule(() => import('./write-more-menu.tsx'));
const writePromo = menuModule(() => import('./write-promo.tsx'));

/**
 * 写文章 opens the editor, with a menu for sharing a link and (booklet authors) writing a
 * booklet. Signed-out visitors get a panel with the reasons to write and a way to sign in.
 */
export function WriteButton({ viewer }: { viewer: ViewerSummary | null }) {
  if (!viewer) {
    return (
      <LazyMenu
        of={writePromo}
        menuProps={{}}
        popup="dialog"
        trigger={
          <button type="button" aria-label="写文章" className={buttonClass('primary', 'sm', 'max-sm:px-2')}>
            <PenLine aria-hidden size={16} strokeWidth={1.75} />
            <span className="max-sm:hidden">写文章</span>
          </button>
        }
      />
    );
  }
  return (
    <div className="flex">
      <Link to="/editor/drafts/new" className={buttonClass('primary', 'sm', 'rounded-r-none')}>
        <PenLine aria-hidden size={16} strokeWidth={1.75} />
        写文章
      </Link>
      <LazyMenu
        of={writeMoreMenu}
        menuProps={{ isXiaoceAuthor: viewer.isXiaoceAuthor }}
        trigger={
          <button type="button" aria-label="更多创作方式" className={buttonClass('primary', 'sm', 'write-more')}>
            <ChevronDown aria-hidden size={16} strokeWidth={1.75} />
          </button>
        }
      />
    </div>
  );
}
