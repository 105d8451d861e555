import type { ReactNode } from 'react';
import { EmptyState } from '~/ui/empty-state.tsx';
import { EntryRow } from './entry-row.tsx';
import type { EntryRowView } from './types.ts';

export interface EntryListProps {
  entries: EntryRowView[];
  terms?: readonly string[];
  /** Shown instead of the list when it is empty. */
  empty?: ReactNode;
  /** Rows after the entries, such as skeletons while the next page loads. */
  children?: ReactNode;
}

/** Entry rows inside one card, separated by a 1px line (DESIGN.md: feeds are lists). */
export function EntryList({ entries, terms, empty, children }: EntryListProps) {
  if (entries.length === 0) return <>{empty ?? <EmptyState />}</>;
  return (
    <ul>
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} terms={terms} />
      ))}
      {children}
    </ul>
  );
}
