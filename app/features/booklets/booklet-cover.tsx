/** A booklet's cover (3:4); without one, its title on the brand gradient. */
export function BookletCover({
  booklet,
  width = 96,
  className = '',
}: {
  booklet: { title: string; img: string };
  width?: number;
  className?: string;
}) {
  const height = Math.round((width * 4) / 3);
  if (booklet.img) {
    return (
      <img
        src={booklet.img}
        alt={booklet.title}
        width={width}
        height={height}
        loading="lazy"
        className={`shrink-0 rounded bg-line object-cover shadow-sm ${className}`}
        style={{ width, height }}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={booklet.title}
      className={`flex shrink-0 items-end rounded bg-gradient-to-br from-amber-600 to-amber-900 p-2 font-semibold text-white shadow-sm ${className}`}
      style={{ width, height, fontSize: Math.max(11, Math.round(width / 8)) }}
    >
      <span className="line-clamp-4 leading-snug">{booklet.title}</span>
    </div>
  );
}
