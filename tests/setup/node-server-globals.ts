import { getRequestListener } from '@hono/node-server';

/**
 * The app's server (server/index.ts) runs under @hono/node-server's own Request and Response,
 * which getRequestListener installs as the globals. Its Response keeps a body and headers given
 * as a plain object aside and builds the real Response from them when its body is read, so a
 * header set on a finished response behaves differently under it. Every test file runs under
 * the classes production uses, not only those that happen to follow a file that started a
 * server in the same worker (which made such differences show as flakes).
 */
getRequestListener(() => new Response(null));
