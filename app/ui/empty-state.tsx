import type { ReactNode } from 'react';

/** A short sentence and, when there is one, the next useful action (DESIGN.md). */
export function EmptyState({ text = '这里还没有文章', action }: { text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center text-fg-3">
      <p>{text}</p>
      {action}
    </div>
  );
}
