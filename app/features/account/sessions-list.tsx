import { formatDateTime, formatRelativeTime } from '@core/format.ts';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button } from '~/ui/button.tsx';

export interface SessionItem {
  id: string;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** "Chrome · Windows" from a user agent; the raw string stays in the title. */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent) return '未知设备';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '浏览器';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

function Time({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} suppressHydrationWarning>
      {formatRelativeTime(value)}
    </time>
  );
}

/** The viewer's signed-in sessions, the current one marked; others can be ended one by one or all at once. */
export function SessionsList({ sessions }: { sessions: SessionItem[] }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [working, setWorking] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  async function run(key: string, call: () => Promise<unknown>, done: string) {
    setWorking(key);
    try {
      await call();
      alerts.push({ type: 'success', message: done });
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(null);
    }
  }

  return (
    <div>
      <ul aria-label="登录设备" className="divide-y divide-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="text-fg text-sm" title={session.userAgent || undefined}>
                {describeUserAgent(session.userAgent)}
                {session.current && (
                  <span className="ml-2 rounded bg-brand-tint px-1.5 py-0.5 text-brand text-xs">当前设备</span>
                )}
              </p>
              <p className="mt-0.5 text-[13px] text-fg-3">
                登录于 <Time value={session.createdAt} /> · 最近活动 <Time value={session.lastSeenAt} />
                {session.ip && ` · ${session.ip}`}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                disabled={working !== null}
                onClick={() =>
                  run(
                    session.id,
                    () => apiFetch('/api/user/v1/endSession', { json: { id: session.id } }),
                    '已退出该设备',
                  )
                }
              >
                {working === session.id ? '退出中...' : '退出'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button
          className="mt-3"
          variant="secondary"
          disabled={working !== null}
          onClick={() =>
            run('all', () => apiFetch('/api/user/v1/endOtherSessions', { method: 'POST' }), '已退出其他所有设备')
          }
        >
          {working === 'all' ? '退出中...' : '退出其他所有设备'}
        </Button>
      )}
    </div>
  );
}
