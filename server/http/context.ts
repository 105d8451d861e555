import type { Logger } from 'pino';
import type { Db, Tx } from '@db/client.ts';
import type { Adapters } from '../adapters/index.ts';
import type { Env } from '../env.ts';
import type { Viewer } from '../modules/auth/auth.policy.ts';

/**
 * What a use case receives first: every exported function of a `*.service.ts` is
 * `verbNoun(ctx, input)` and returns data or throws AppError (docs/decisions/020-service-shape.md).
 * A use case names the part it needs, e.g. `Pick<Ctx, 'db' | 'viewer'>`; a request's
 * RequestContext is a Ctx, and a job, seed or test builds the part it needs (`{ db, viewer: null }`).
 * Inside a transaction the same shape carries the transaction: `{ db: tx }`.
 */
export interface Ctx {
  db: Db;
  /** The signed-in person the use case acts for; null when signed out (or a job acting for nobody). */
  viewer: Viewer | null;
  env: Env;
  logger: Logger;
  /** Mail, SMS, file storage and rate limits (server/adapters). */
  adapters: Adapters;
}

/** The context of a use case that runs inside its caller's transaction (notify, lockUsers…). */
export interface TxCtx {
  db: Tx;
}

/** Per-request dependencies, shared by API handlers (Hono variables) and route loaders (load context). */
export interface RequestContext extends Ctx {
  requestId: string;
  /** Anonymous visitor id (SUID); reading it sets the cookie when the visitor had none. */
  suid: string;
  isBot: boolean;
  /** CSP nonce for the document's inline scripts. */
  nonce: string;
  /**
   * A React Router data request (`….data`: a client navigation or a fetcher), not a document: its
   * loader data is all the browser gets (app/lib/document-html.server.ts).
   */
  readonly dataRequest?: boolean;
  /** Set while a signed-in page is rendered as a template for every viewer of its shape (server/http/viewer-pages.ts). */
  readonly template?: TemplateRender;
}

/** What a template render's loaders see (server/http/viewer-pages.ts). */
export interface TemplateRender {
  /** The token a loader puts where a slot's HTML goes. */
  slot(name: string): string;
  /** The token a loader puts where a value of the viewer's goes (text, escaped where it stands). */
  value(name: string): string;
  /** The shared feed page the render used (set by the loader that fills a slot). */
  source?: object;
  /** Set when the render read something only one visitor has (the visitor id, the bot check): not a template. */
  personal?: boolean;
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
