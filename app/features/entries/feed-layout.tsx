import type { ReactNode } from 'react';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';

/**
 * The feed pages' frame inside the shell's <main>: the category bar on top, then the content
 * column, with the aside beside it on wide screens and under it on narrow ones (DESIGN.md).
 */
export function FeedLayout({
  title,
  nav,
  aside,
  children,
}: {
  /** The page's heading for assistive technology; the tabs already show it to the eye. */
  title?: string;
  nav?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      {title && <h1 className="sr-only">{title}</h1>}
      {nav && <div className="mb-3">{nav}</div>}
      {aside ? (
        <WithAside aside={aside} asideLabel="侧栏">
          {children}
        </WithAside>
      ) : (
        children
      )}
    </PageContainer>
  );
}

/** The card that holds a feed: optional tabs on top, then the rows. */
export function FeedCard({ header, children, label }: { header?: ReactNode; children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="overflow-hidden rounded bg-card">
      {header}
      {children}
    </section>
  );
}
