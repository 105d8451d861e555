import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { UserRole } from '@db/schema/users.ts';
import { requireRole } from '../modules/auth/auth.policy.ts';
import type { AppEnv } from './context.ts';
import { getWriteGuard } from './security.ts';
import { GET_WRITE_EXTENSION } from './openapi.ts';

/** The roles an admin call lets in, in the OpenAPI document (the admin-calls test reads it). */
export const ROLES_EXTENSION = 'x-roles';

/** The tag every administrators' call carries (docs/decisions/017-admin-console.md). */
export const ADMIN_TAG = 'admin';

/**
 * Lets a call go on only for a signed-in person whose role is listed (admin always passes, SPEC
 * §6): 401 for a visitor, 403 'Forbidden' for anyone else, before the input is even read.
 */
export function roleGuard(roles: readonly UserRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireRole(c.get('ctx').viewer, { roles });
    await next();
  };
}

type AdminRouteConfig = Omit<RouteConfig, 'middleware'> & {
  /** Roles besides admin that may call it (editor for recommend and hide). */
  alsoRoles?: readonly UserRole[];
};

/**
 * An administrators' call: tagged `admin` (besides its service's tag, if given), guarded by role before validation, its roles listed
 * in the description and in `x-roles`. A GET that writes also gets the GET-write guard.
 */
export function createAdminRoute<const R extends AdminRouteConfig>(config: R) {
  const { alsoRoles = [], ...route } = config;
  const roles: UserRole[] = ['admin', ...alsoRoles];
  const getWrite = route.method === 'get' && (route as Record<string, unknown>)[GET_WRITE_EXTENSION] === true;
  return createRoute({
    ...route,
    tags: [...(route.tags ?? []).filter((tag) => tag !== ADMIN_TAG), ADMIN_TAG],
    middleware: getWrite ? [getWriteGuard, roleGuard(roles)] : [roleGuard(roles)],
    [ROLES_EXTENSION]: roles,
    description: `${route.description ? `${route.description} ` : ''}Roles: ${roles.join(', ')}.`,
  } as Omit<R, 'alsoRoles'> & { tags: string[]; middleware: MiddlewareHandler<AppEnv>[] });
}
