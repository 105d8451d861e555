import type { ReactNode } from 'react';

/** The main container of DESIGN.md: 1140px at most, 16px side padding down to 360px. */
export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-[1140px] px-4 py-5 ${className}`}>{children}</div>;
}

/**
 * Content (≈820px) and aside (300px) with a 20px gap; one column below 960px, where the aside
 * moves under the content.
 */
export function WithAside({
  children,
  aside,
  asideLabel,
}: {
  children: ReactNode;
  aside: ReactNode;
  asideLabel?: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_300px]">
      <div className="min-w-0">{children}</div>
      <aside aria-label={asideLabel} className="min-w-0 space-y-5">
        {aside}
      </aside>
    </div>
  );
}
