function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text with every search term wrapped in <mark>, case-insensitively. React escapes the text
 * parts, so nothing from the entry is ever read as HTML. A row's marks are styled by place
 * (`.er mark`, app.css): a results page has dozens.
 */
export function Highlight({ text, terms }: { text: string; terms?: readonly string[] }) {
  const words = (terms ?? []).filter(Boolean);
  if (words.length === 0) return text;
  // Longest first, so 前端框架 wins over 前端 where both match; a run of adjacent words (火焰 + 图)
  // is one mark, as the reader sees one word.
  const pattern = new RegExp(
    `((?:${[...words]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})+)`,
    'giu',
  );
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
      <mark key={index}>{part}</mark>
    ) : (
      part
    ),
  );
}
