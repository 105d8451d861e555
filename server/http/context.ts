import type { Logger } from 'pino';
import type { Db } from '@db/client.ts';
import type { Adapters } from '../adapters/index.ts';
import type { Env } from '../env.ts';
import type { Viewer } from '../modules/auth/auth.policy.ts';

/** Per-request dependencies, shared by API handlers (Hono variables) and route loaders (load context). */
export interface RequestContext {
  db: Db;
  env: Env;
  logger: Logger;
  /** Mail, SMS, file storage and rate limits (server/adapters). */
  adapters: Adapters;
  requestId: string;
  viewer: Viewer | null;
  /** Anonymous visitor id (SUID); reading it sets the cookie when the visitor had none. */
  suid: string;
  isBot: boolean;
  /** CSP nonce for the document's inline scripts. */
  nonce: string;
}

export interface AppEnv {
  /** `nonce` draws the request's CSP nonce on first call (securityHeaders). */
  Variables: {
    ctx: RequestContext;
    nonce: () => string;
    /** Set by the page cache while it renders a page it may keep: it compresses the answer itself. */
    pageCacheRender?: boolean;
  };
}
