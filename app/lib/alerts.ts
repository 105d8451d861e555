import { createContext, useContext } from 'react';
import { afterNavigationSlot } from './after-navigation.ts';
import { isApiError } from './api-client.ts';

export type AlertType = 'info' | 'success' | 'warning' | 'error';

export interface AlertInput {
  type?: AlertType;
  message: string;
  /** Defaults to TIMING.alertMs (3000 ms). */
  durationMs?: number;
}

export interface AlertsApi {
  push: (alert: AlertInput) => void;
  /** Shows a failed call's message in the danger colour; local login refusals show nothing (the modal opens). */
  pushError: (error: unknown, fallback?: string) => void;
}

export const AlertsContext = createContext<AlertsApi | null>(null);

/** An alert for the next page, kept across the error view's remount (see after-navigation.ts). */
const pendingAlert = afterNavigationSlot<AlertInput>();
export const pushAlertAfterNavigation = pendingAlert.put;
export const takePendingAlert = pendingAlert.take;

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts needs the AlertsProvider of app/root.tsx');
  return api;
}

export const GENERIC_ERROR_MESSAGE = '出错了，发生了一个错误';

/** The message an error should show, or null when it must stay silent. */
export function alertMessageFor(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string | null {
  if (isApiError(error)) return error.local ? null : error.m || fallback;
  return fallback;
}
