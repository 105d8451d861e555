import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

/** A short sentence and, when there is one, the next useful action (DESIGN.md). */
export function EmptyState({ text = '这里还没有文章', action }: { text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center text-fg-3">
      <p>{text}</p>
      {action}
    </div>
  );
}

/** An author's list with no entries yet (已发布, 创作数据): 写文章 is the next step. */
export function NoEntriesYet() {
  return (
    <EmptyState
      text="还没有文章，去写第一篇"
      action={
        <Link to="/editor/drafts/new" className={buttonClass('primary')}>
          写文章
        </Link>
      }
    />
  );
}
