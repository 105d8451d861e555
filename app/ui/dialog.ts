/** Shared looks for radix Dialog / AlertDialog overlays and panels. */
export const dialogOverlayClass =
  'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-[fade-in_150ms_ease-out] dark:bg-black/70';

export function dialogContentClass(widthClass = 'w-[320px]'): string {
  return `fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-32px)] max-w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-line bg-card text-fg shadow-xl outline-none data-[state=open]:animate-[dialog-in_150ms_ease-out] ${widthClass}`;
}
