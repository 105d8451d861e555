import { isValidId } from '@core/ids.ts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { passesRoleCheck, type Viewer } from '@server/modules/auth/auth.policy.ts';
import { isAppError } from '@server/http/errors.ts';

/** Signed-in-only routes: a signed-out visitor gets 401, and the error view sends them to / (SPEC §2.1). */
export function requireSignedIn(context: AppLoadContext): Viewer {
  if (!context.viewer) throw data({ message: 'Unauthorized' }, { status: 401 });
  return context.viewer;
}

/** Signed-out-only routes (/ and /welcome): a signed-in person goes to the timeline. */
export function redirectSignedIn(context: AppLoadContext, to = '/timeline'): void {
  if (context.viewer) throw redirect(to);
}

/** Id parameters must be exactly 24 alphanumeric characters, else the not-found view with 404. */
export function requireIdParam(value: string | undefined): string {
  if (!isValidId(value)) throw data({ message: '找不到页面' }, { status: 404 });
  return value;
}

/**
 * Runs a service call for a loader: the service's AppError becomes a route error response with
 * its status (404 → not-found view, 400 → its message), anything else stays a 500.
 */
export async function fromService<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Role-checked routes (SPEC §6): a visitor gets 401 (the login view), a signed-in person whose
 * role is not listed 403, which the Forbidden view turns into / with the alert 'Forbidden'.
 * Admin passes every check.
 */
export function requireRoleIn(context: AppLoadContext, roles: readonly Viewer['role'][]): Viewer {
  const viewer = requireSignedIn(context);
  if (!passesRoleCheck(viewer, { roles })) throw data({ message: 'Forbidden' }, { status: 403 });
  return viewer;
}
