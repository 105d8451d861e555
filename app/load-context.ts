import type { RequestContext } from '@server/http/context.ts';

// Route loaders and actions receive the same per-request context as API handlers.
declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}
