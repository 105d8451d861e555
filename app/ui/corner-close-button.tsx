import { X } from './icons.tsx';

/** The × in the top-right corner of a floating panel; the panel must be `relative`. */
export function CornerCloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="absolute top-2 right-2 flex size-7 items-center justify-center rounded text-fg-3 hover:text-fg"
    >
      <X aria-hidden size={16} strokeWidth={1.75} />
    </button>
  );
}
