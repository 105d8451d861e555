import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from './alerts.ts';

export interface ApiActionOptions<T> {
  /** The success alert: a text, or one made from the call's result; none when left out. */
  success?: string | ((result: T) => string);
  /** Runs after a success, before the page's data is reloaded (clear a form, close a dialog). */
  done?: (result: T) => void;
}

/**
 * A button's or a form's call to the API, the one way: `busy` while it runs; on success the
 * success alert, `done`, then the page's loaders run again (busy until they have, so no second
 * click acts on a stale row); on failure the error's alert. `run` answers whether it succeeded.
 */
export function useApiAction() {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function run<T>(call: () => Promise<T>, options: ApiActionOptions<T> = {}): Promise<boolean> {
    setBusy(true);
    try {
      let result: T;
      try {
        result = await call();
      } catch (error) {
        alerts.pushError(error);
        return false;
      }
      const { success, done } = options;
      if (success) alerts.push({ type: 'success', message: typeof success === 'function' ? success(result) : success });
      done?.(result);
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
