import type { ReactNode } from 'react';

/**
 * A collection's background with its mask colour laid over it (the colour derived from the
 * image, so white text stays readable); without an image, the mask colour alone on a soft
 * brand gradient.
 */
export function CollectionCover({
  imageUrl,
  maskColor,
  title,
  className = '',
  children,
}: {
  imageUrl: string;
  maskColor: string;
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={`relative overflow-hidden ${className}`}
      style={{ backgroundColor: imageUrl ? maskColor : undefined }}
    >
      {imageUrl ? (
        <img src={imageUrl} alt={title} loading="lazy" className="absolute inset-0 size-full object-cover" />
      ) : (
        <div aria-hidden className="absolute inset-0 bg-gradient-to-br from-[#92400e] to-[#1d2129]" />
      )}
      <div
        aria-hidden
        className="absolute inset-0"
        style={{ background: `linear-gradient(180deg, ${maskColor}33 0%, ${maskColor}cc 100%)` }}
      />
      <div aria-hidden className="absolute inset-0 bg-black/25" />
      <div className="relative">{children}</div>
    </div>
  );
}
