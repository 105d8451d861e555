import { TIMING } from '@core/constants.ts';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from '~/ui/icons.tsx';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  type AlertInput,
  type AlertType,
  type AlertsApi,
  AlertsContext,
  alertMessageFor,
  takePendingAlert,
} from '~/lib/alerts.ts';

interface ShownAlert {
  id: number;
  type: AlertType;
  message: string;
}

const ICONS = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;
const ICON_COLORS: Record<AlertType, string> = {
  info: 'text-brand',
  success: 'text-success',
  warning: 'text-brand',
  error: 'text-danger',
};

/** Toasts at the top centre that go away after 3000 ms (SPEC §4); errors in the danger colour. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const push = useCallback(({ type = 'info', message, durationMs = TIMING.alertMs }: AlertInput) => {
    const id = ++nextId.current;
    setAlerts((shown) => [...shown, { id, type, message }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setAlerts((shown) => shown.filter((alert) => alert.id !== id));
    }, durationMs);
    timers.current.add(timer);
  }, []);

  const { key } = useLocation();
  // An alert may be waiting for each new page (pushAlertAfterNavigation).
  useEffect(() => {
    const alert = takePendingAlert(key);
    if (alert) push(alert);
  }, [key, push]);

  const api = useMemo<AlertsApi>(
    () => ({
      push,
      pushError(error, fallback) {
        const message = alertMessageFor(error, fallback);
        if (message) push({ type: 'error', message });
      },
    }),
    [push],
  );

  return (
    <AlertsContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="toasts">
        {alerts.map((alert) => {
          const Icon = ICONS[alert.type];
          return (
            <div
              key={alert.id}
              role={alert.type === 'error' ? 'alert' : 'status'}
              className={`flex items-center gap-2 rounded border bg-card px-4 py-2.5 text-fg shadow-lg shadow-black/10 animate-[alert-in_200ms_ease-out] dark:shadow-black/40 ${
                alert.type === 'error' ? 'border-danger' : 'border-line'
              }`}
            >
              <Icon aria-hidden size={18} strokeWidth={1.75} className={`shrink-0 ${ICON_COLORS[alert.type]}`} />
              <span>{alert.message}</span>
            </div>
          );
        })}
      </div>
    </AlertsContext.Provider>
  );
}
