import { formatDateTime, formatRelativeTime } from '@core/format.ts';

/**
 * 3分钟前 with the absolute time on hover. The server and the browser may disagree by a minute
 * or a time zone, which is expected, hence no hydration warning.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className={className} suppressHydrationWarning>
      {formatRelativeTime(value)}
    </time>
  );
}
