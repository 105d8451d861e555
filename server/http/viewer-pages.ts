import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { ChangeBus } from '../adapters/changes.ts';
import type { Viewer } from '../modules/auth/auth.policy.ts';
import type { AppEnv, RequestContext, TemplateRender } from './context.ts';
import { MAX_AGE_MS, NOT_STORED } from './page-cache.ts';
import { compressedResponse, encodedResponse, preferredEncoding } from './compression.ts';
import { type DeflatedPiece, deflatedPiece, gzipOfPieces, storedPiece } from './gzip-pieces.ts';
import { setPageCaching } from './cache-control.ts';
import { editResponseHeaders, requestHeader } from './headers.ts';

/**
 * Signed-in feed pages from a template (issue 10, goal 3; docs/decisions/009-per-instance-caches.md).
 *
 * A signed-in page that shows the shared feed differs from viewer to viewer only in a few places:
 * the viewer's id, name and avatar (header, menu, root loader data), the CSP nonce, and the rows'
 * likes. Everything else — the shell, the tabs, the rows' text, React Router's manifest and
 * hydration data — depends only on the URL and on what the header shows about a viewer (role,
 * 小册 author, wallet, avatar or not, the unread count). So the page is rendered once per such
 * shape, by React Router as usual but for a stand-in viewer whose id, name, avatar and nonce are
 * tokens and whose rows are a slot; each request then fills the tokens with its viewer's values,
 * escaped for where each stands (HTML, or the hydration script's doubly JSON-encoded strings),
 * and the slots with HTML the app made for this viewer (the rows with their likes).
 *
 * The app decides which requests qualify (`plan`: its route, a viewer who sees the shared feed);
 * any other request — and any plan whose template could not be made — renders as before.
 * Templates are as fresh as the anonymous page cache's pages (the change bus, CACHE_GRACE_MS, at
 * most MAX_AGE_MS) and as the feed page they were made from. VIEWER_PAGES_VERIFY=true renders every
 * such request both ways and reports a difference (journeys run so).
 */
export interface ViewerPagePlan {
  /** The template: URL and what the page shows of the viewer apart from the tokens' values. */
  key: string;
  /** The shared feed page the slots were made from; a template made from another is not used. */
  source: object;
  /** HTML for each slot, made for this viewer. */
  slots: Readonly<Record<string, string>>;
  /** Text for each value token (TemplateRender.value), this viewer's. */
  values?: Readonly<Record<string, string>>;
}

export interface ViewerPageHooks {
  /** This request's plan, or null when its page is rendered as usual. */
  plan(ctx: RequestContext, url: URL): Promise<ViewerPagePlan | null>;
}

type Field = 'id' | 'username' | 'avatarLarge' | 'nonce';
type Hole = { field: Field; script: boolean } | { value: string; script: boolean } | { slot: string };

interface Template {
  status: number;
  headers: [string, string][];
  /** The page's text between holes: parts.length === holes.length + 1. */
  parts: string[];
  /** The same, compressed once, for answers put together as gzip. */
  deflatedParts: DeflatedPiece[];
  holes: Hole[];
  version: number;
  source: object;
}

/** Tokens of this process: letters and digits only, so every escaping on the way leaves them as they are. */
const BASE = `Zq${randomBytes(9).toString('hex')}`;
const FIELD_TOKENS: Record<Field, string> = {
  id: `${BASE}id00`, // 24 characters, as an id
  username: `${BASE}name`,
  avatarLarge: `${BASE}avat`,
  nonce: `${BASE}nonc`,
};
const SLOT_PREFIX = `${BASE}slot`;
const VALUE_PREFIX = `${BASE}val`;
const TOKEN = new RegExp(`${BASE}(id00|name|avat|nonc|slot([a-z]+)|val([a-z]+))`, 'g');
const FIELD_OF: Record<string, Field> = { id00: 'id', name: 'username', avat: 'avatarLarge', nonc: 'nonce' };

/** React's escaping of text and attribute values. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** React Router's escaping of its hydration script. */
const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
/** A string inside the hydration data: JSON-encoded by turbo-stream, the chunk JSON-encoded again, then escaped. */
function escapeForHydrationScript(value: string): string {
  const once = JSON.stringify(value).slice(1, -1);
  return JSON.stringify(once)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]);
}

/** The hydration data's scripts: where a token is a string inside doubly encoded JSON. */
const HYDRATION_SCRIPT = /<script\b[^>]*>window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?<\/script>/g;

function compile(html: string): { parts: string[]; holes: Hole[] } {
  const scripts: Array<[number, number]> = [];
  for (const match of html.matchAll(HYDRATION_SCRIPT)) scripts.push([match.index, match.index + match[0].length]);
  const parts: string[] = [];
  const holes: Hole[] = [];
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    parts.push(html.slice(last, match.index));
    last = match.index + match[0].length;
    const at = match.index;
    const script = scripts.some(([start, end]) => at > start && at < end);
    if (match[2]) holes.push({ slot: match[2] });
    else if (match[3]) holes.push({ value: match[3], script });
    else holes.push({ field: FIELD_OF[match[1]], script });
  }
  parts.push(html.slice(last));
  return { parts, holes };
}

function holeText(hole: Hole, fields: Record<Field, string>, plan: ViewerPagePlan): string {
  if ('slot' in hole) return plan.slots[hole.slot] ?? '';
  const value = 'value' in hole ? (plan.values?.[hole.value] ?? '') : fields[hole.field];
  return hole.script ? escapeForHydrationScript(value) : escapeHtml(value);
}

function fill(template: Template, fields: Record<Field, string>, plan: ViewerPagePlan): string {
  const { parts, holes } = template;
  let html = parts[0];
  for (let i = 0; i < holes.length; i++) html += holeText(holes[i], fields, plan) + parts[i + 1];
  return html;
}

/**
 * Slots' HTML compressed, by its text: a shared feed page's rows are one string for every viewer
 * who liked none of them, so they are compressed once (V8 keeps a string's hash, and a key that is
 * the same string compares at once).
 */
const deflatedSlots = new LRUCache<string, DeflatedPiece>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (piece, text) => text.length * 2 + piece.deflated.length,
  ttl: MAX_AGE_MS,
});

function deflatedSlot(text: string): DeflatedPiece {
  let piece = deflatedSlots.get(text);
  if (!piece) {
    piece = deflatedPiece(Buffer.from(text), 6);
    deflatedSlots.set(text, piece);
  }
  return piece;
}

/**
 * The filled page as gzip: the template's parts as compressed when it was made, the rows as
 * compressed for the first viewer who saw them so, the viewer's own values as they are.
 */
function gzipFill(template: Template, fields: Record<Field, string>, plan: ViewerPagePlan): Buffer {
  const { deflatedParts, holes } = template;
  const pieces: DeflatedPiece[] = [deflatedParts[0]];
  for (let i = 0; i < holes.length; i++) {
    const hole = holes[i];
    const text = holeText(hole, fields, plan);
    pieces.push('slot' in hole ? deflatedSlot(text) : storedPiece(Buffer.from(text)), deflatedParts[i + 1]);
  }
  return gzipOfPieces(pieces);
}

/** The viewer a template is rendered for: tokens where viewers differ, their shape where pages do. */
function standInViewer(viewer: Viewer): Viewer {
  return {
    id: FIELD_TOKENS.id,
    username: FIELD_TOKENS.username,
    avatarLarge: viewer.avatarLarge ? FIELD_TOKENS.avatarLarge : '',
    role: viewer.role,
    isXiaoceAuthor: viewer.isXiaoceAuthor,
    hasWallet: viewer.hasWallet,
    unreadUserNotificationCount: viewer.unreadUserNotificationCount + viewer.unreadSystemNotificationCount,
    unreadSystemNotificationCount: 0,
    sessionId: '',
    clientId: '',
    hasMutes: false,
    suspendedUntil: null,
  };
}

/** What the template of a plan depends on besides its key: everything of the viewer the stand-in copies. */
function viewerShape(viewer: Viewer): string {
  const unread = viewer.unreadUserNotificationCount + viewer.unreadSystemNotificationCount;
  return `${viewer.role}|${viewer.isXiaoceAuthor ? 1 : 0}|${viewer.hasWallet ? 1 : 0}|${viewer.avatarLarge ? 1 : 0}|${unread}`;
}

function standInContext(ctx: RequestContext, template: TemplateRender): RequestContext {
  const viewer = standInViewer(ctx.viewer as Viewer);
  return {
    db: ctx.db,
    env: ctx.env,
    adapters: ctx.adapters,
    requestId: ctx.requestId,
    viewer,
    nonce: FIELD_TOKENS.nonce,
    dataRequest: false,
    template,
    get logger() {
      return ctx.logger;
    },
    get isBot() {
      template.personal = true;
      return ctx.isBot;
    },
    get suid() {
      template.personal = true;
      return ctx.suid;
    },
  };
}

export interface ViewerPagesOptions {
  hooks: ViewerPageHooks | undefined;
  render: (request: Request, ctx: RequestContext) => Promise<Response>;
  bus: ChangeBus;
  graceMs: number;
  /** Bytes of templates kept (LRU); 0 turns the fast path off. */
  maxBytes: number;
  /** Render every planned request both ways and report a difference (tests and journeys). */
  verify?: boolean;
  /** Compress the pages (false with APP_COMPRESSION=false: nginx compresses). */
  compressPages?: boolean;
}

export function viewerPages({
  hooks,
  render,
  bus,
  graceMs,
  maxBytes,
  verify = false,
  compressPages = true,
}: ViewerPagesOptions): MiddlewareHandler<AppEnv> {
  if (!hooks || maxBytes <= 0) return (_c, next) => next();
  const templates = new LRUCache<string, Template>({
    maxSize: maxBytes,
    sizeCalculation: (template) =>
      template.parts.reduce((sum, part) => sum + part.length * 2, 256) +
      template.deflatedParts.reduce((sum, piece) => sum + piece.bytes.length + piece.deflated.length, 0),
    ttl: MAX_AGE_MS,
  });
  bus.onReset(() => templates.clear());
  const making = new Map<string, Promise<Template | null>>();

  async function make(request: Request, ctx: RequestContext, key: string): Promise<Template | null> {
    const version = bus.oldestServedVersion(graceMs);
    const template: TemplateRender = {
      slot: (name) => `${SLOT_PREFIX}${name}`,
      value: (name) => `${VALUE_PREFIX}${name}`,
    };
    const response = await render(request, standInContext(ctx, template));
    if (
      response.status !== 200 ||
      !/^text\/html\b/.test(response.headers.get('content-type') ?? '') ||
      response.headers.has('set-cookie') ||
      template.personal ||
      !template.source ||
      !bus.listening
    )
      return null;
    const html = await response.text();
    const kept = new Headers();
    response.headers.forEach((value, name) => {
      if (!NOT_STORED.has(name)) kept.set(name, value);
    });
    // A signed-in page: its caching is set here, once, so that pageCacheHeaders has nothing to change.
    setPageCaching(kept, false);
    const headers = [...kept];
    const { parts, holes } = compile(html);
    const deflatedParts = parts.map((part) => deflatedPiece(Buffer.from(part)));
    const made: Template = {
      status: response.status,
      headers,
      parts,
      deflatedParts,
      holes,
      version,
      source: template.source,
    };
    templates.set(key, made);
    return made;
  }

  return async (c, next) => {
    const ctx = c.get('ctx');
    if (c.req.method !== 'GET' || !ctx.viewer || ctx.dataRequest) return next();
    const url = new URL(c.req.url);
    const plan = await hooks.plan(ctx, url);
    if (!plan) return next();
    const key = `${plan.key}|${viewerShape(ctx.viewer)}`;
    let template = templates.get(key);
    if (template && (!bus.listening || !bus.isFresh(template.version, graceMs))) template = undefined;
    if (!template) {
      let pending = making.get(key);
      if (!pending) {
        pending = make(c.req.raw, ctx, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      template = (await pending.catch(() => null)) ?? undefined;
    }
    // A template made from an older or newer feed page than this request's slots: render as usual.
    if (!template || template.source !== plan.source) return next();
    const viewer = ctx.viewer;
    const fields = { id: viewer.id, username: viewer.username, avatarLarge: viewer.avatarLarge, nonce: ctx.nonce };
    const acceptEncoding = compressPages ? requestHeader(c, 'accept-encoding') : undefined;
    // Gzip whenever the client takes it, brotli or not: put together from parts compressed once,
    // it costs next to nothing, where compressing each answer cost more than the rest of it.
    const response =
      acceptEncoding && /\bgzip\b/.test(acceptEncoding)
        ? encodedResponse(gzipFill(template, fields, plan), 'gzip', template)
        : // Encoded and compressed here, in one call each: a string body would be read back through a stream.
          compressedResponse(Buffer.from(fill(template, fields, plan)), preferredEncoding(acceptEncoding), template);
    if (!verify) return response;
    const html = await answerText(response);
    await next();
    const direct = await c.res.clone().text();
    if (direct === html) {
      editResponseHeaders(c, (headers) => headers.set('X-Viewer-Page', 'same'));
      return;
    }
    ctx.logger.error(
      { path: url.pathname, at: firstDifference(direct, html) },
      'viewer page differs from its template',
    );
    editResponseHeaders(c, (headers) => headers.set('X-Viewer-Page', 'differs'));
  };
}

/** What an answer says, decompressed (VIEWER_PAGES_VERIFY: the journeys check the gzip put together). */
async function answerText(response: Response): Promise<string> {
  const body = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  return body.toString();
}

/** Where two pages first differ, with a little of each around it (VIEWER_PAGES_VERIFY). */
function firstDifference(a: string, b: string): { index: number; direct: string; template: string } {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return { index: i, direct: a.slice(Math.max(0, i - 80), i + 80), template: b.slice(Math.max(0, i - 80), i + 80) };
}
