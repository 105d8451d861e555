import { TIMING } from '@core/constants.ts';
import { TriangleAlert } from '~/ui/icons.tsx';
import { useEffect, useState } from 'react';
import { REQUEST_ERROR_EVENT } from '~/lib/api-client.ts';
import { STORAGE_KEYS, readStorage, writeStorage } from '~/lib/storage.ts';
import { CornerCloseButton } from '~/ui/corner-close-button.tsx';
import { SUPPORT_EMAIL } from './suspension-panel.tsx';

function sessionErrorCount(): number {
  return Number(readStorage(STORAGE_KEYS.requestErrorCount, 'session')) || 0;
}

function snoozed(now = Date.now()): boolean {
  const closedAt = Number(readStorage(STORAGE_KEYS.requestHealthClosedAt)) || 0;
  return now - closedAt < TIMING.requestHealthSnoozeMs;
}

/** More than 2 failed requests in this browser session, and not closed in the last 24 h (SPEC §8). */
export function shouldShowRequestHealth(count: number, isSnoozed: boolean): boolean {
  return count > TIMING.requestHealthThreshold && !isSnoozed;
}

/**
 * The request-health alert: counts transport failures reported by apiFetch (blocked or lost
 * requests, timeouts) and, past the threshold, explains what usually causes them.
 */
export function RequestHealthAlert() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(shouldShowRequestHealth(sessionErrorCount(), snoozed()));
    const onError = () => {
      const count = sessionErrorCount() + 1;
      writeStorage(STORAGE_KEYS.requestErrorCount, String(count), 'session');
      if (shouldShowRequestHealth(count, snoozed())) setShown(true);
    };
    window.addEventListener(REQUEST_ERROR_EVENT, onError);
    return () => window.removeEventListener(REQUEST_ERROR_EVENT, onError);
  }, []);

  if (!shown) return null;

  function close() {
    writeStorage(STORAGE_KEYS.requestHealthClosedAt, String(Date.now()));
    setShown(false);
  }

  return (
    <div
      role="alert"
      className="fixed top-[72px] right-4 left-4 z-50 rounded-lg border border-danger bg-card p-4 text-fg shadow-lg shadow-black/10 sm:left-auto sm:w-80 dark:shadow-black/40"
    >
      <div className="flex items-center gap-2 pr-6 font-semibold">
        <TriangleAlert aria-hidden size={18} strokeWidth={1.75} className="text-danger" />
        请求异常
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-[13px] text-fg-2">
        <li>请检查网络连接和 DNS 设置是否正常。</li>
        <li>如果安装了广告拦截插件，请将本站加入白名单或暂时停用。</li>
        <li>
          仍有问题，请联系客服：
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </li>
      </ul>
      <CornerCloseButton label="关闭" onClick={close} />
    </div>
  );
}
