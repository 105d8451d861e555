const UNITS: Array<[seconds: number, label: string]> = [
  [365 * 24 * 3600, '年'],
  [30 * 24 * 3600, '个月'],
  [24 * 3600, '天'],
  [3600, '小时'],
  [60, '分钟'],
];

/** Relative time from year down to minute; under 60 s is 刚刚 (SPEC §9). */
export function formatRelativeTime(value: Date | string | number, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(value).getTime()) / 1000);
  if (seconds < 60) return '刚刚';
  for (const [size, label] of UNITS) {
    if (seconds >= size) return `${Math.floor(seconds / size)}${label}前`;
  }
  return '刚刚';
}

/** China time: UTC+8 all year (no daylight saving). */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date in China time, YYYY-MM-DD. Dates and times are written in China time for everyone, on
 * the server and in the browser alike: the page the server rendered and the page the browser
 * hydrates must read the same, whatever zone either runs in.
 */
export function formatDate(value: Date | string | number): string {
  const d = new Date(new Date(value).getTime() + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Absolute time in China time: 2026-11-22 09:05. */
export function formatDateTime(value: Date | string | number): string {
  const d = new Date(new Date(value).getTime() + CHINA_OFFSET_MS);
  return `${formatDate(value)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function oneDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** Counts above 1000 show as K and above a million as M, with one decimal (SPEC §9). */
export function formatCount(count: number): string {
  if (count > 1_000_000) return `${oneDecimal(count / 1_000_000)}M`;
  if (count > 1000) return `${oneDecimal(count / 1000)}K`;
  return String(count);
}

/** Cuts at a limit and appends an ellipsis (SPEC §5). Counts code points, so CJK and emoji cut cleanly. */
export function truncate(text: string, limit: number, ellipsis = '...'): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('') + ellipsis;
}

/** Collapses runs of whitespace into one space, as entry abstracts are (SPEC §3). */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
