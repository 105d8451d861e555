/** A placeholder row while the next page loads (DESIGN.md: skeletons, never a page spinner). */
export function EntryRowSkeleton() {
  return (
    <li className="border-line border-b px-4 py-3.5 last:border-b-0 sm:px-5" aria-hidden="true">
      <div className="animate-pulse space-y-2.5">
        <div className="h-3 w-40 rounded bg-line" />
        <div className="h-4 w-4/5 rounded bg-line" />
        <div className="h-3 w-full rounded bg-line" />
        <div className="h-3 w-32 rounded bg-line" />
      </div>
    </li>
  );
}
