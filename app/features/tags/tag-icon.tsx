/** A tag's icon, or its first character on a tint when it has none. */
export function TagIcon({ tag, size }: { tag: { title: string; icon: string }; size: number }) {
  if (tag.icon) {
    return (
      <img
        src={tag.icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className="shrink-0 rounded bg-line object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded bg-brand-tint font-semibold text-brand"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {Array.from(tag.title)[0]?.toUpperCase()}
    </span>
  );
}
