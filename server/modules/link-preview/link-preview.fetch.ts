/**
 * Fetches a web page on a member's behalf, safely (SPEC §7.3 /page/info): http(s) only; every
 * host is resolved and refused when any address is loopback, private, link-local, CGNAT,
 * multicast, unspecified, reserved or a cloud metadata address (IPv4-mapped IPv6 included);
 * the connection goes to the very address that was checked (the resolver is handed to the
 * socket, so a second DNS answer cannot slip in); at most 5 redirects, each hop checked again;
 * 5 s for the whole fetch; 1 MB read at most; only HTML.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/errors.ts';

export const LINK_PREVIEW_LIMITS = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 5 } as const;

export const LINK_PREVIEW_MESSAGES = {
  invalidUrl: '链接格式有误',
  scheme: '仅支持 http 和 https 链接',
  blocked: '不能读取内网或本机地址的页面',
  timeout: '读取页面超时，请稍后重试',
  redirects: '页面重定向次数过多',
  notHtml: '该链接不是网页，无法读取',
  unreadable: '无法读取该页面，请检查链接或手动填写',
} as const;

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: IPv4-compatible
 * (::a.b.c.d, deprecated but still routed by some stacks), IPv4-mapped (::ffff:a.b.c.d), IPv4-
 * translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 4) && ((p[4] === 0 && (p[5] === 0 || p[5] === 0xffff)) || (p[4] === 0xffff && p[5] === 0))) {
    return v4(p[6], p[7]);
  }
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(p[6], p[7]);
  if (p[0] === 0x2002) return v4(p[1], p[2]);
  return null;
}

/**
 * True when an address must never be fetched: anything but ordinary public unicast. IPv4 must be
 * unicast (not loopback, private, link-local, CGNAT, multicast, reserved…). IPv6 must be global
 * unicast (2000::/3) outside every special range; a form that embeds an IPv4 address is judged by
 * that address ([::127.0.0.1], [::ffff:10.0.0.1], 64:ff9b::a9fe:a9fe, 2002:7f00:1::…); Teredo,
 * local-use NAT64 and zoned addresses are refused outright.
 */
export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return true;
  const inner = embeddedIPv4(v6);
  if (inner) return inner.range() !== 'unicast';
  // Global unicast only (2000::/3); within it, ipaddr.js names Teredo, documentation, benchmarking,
  // ORCHID and other special blocks, and local-use NAT64 (64:ff9b:1::/48) lies outside it.
  if (v6.parts[0] >> 13 !== 0b001) return true;
  return v6.range() !== 'unicast';
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses);
    });
  });

export interface FetchPageOptions {
  /** Tests with a local page server only (LINK_PREVIEW_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** Overrides the address policy (tests): true refuses the address. */
  isBlocked?: (address: string) => boolean;
  /** Overrides DNS (tests). */
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedPage {
  url: string;
  html: string;
}

class PreviewError extends Error {}

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function parseHttpUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new PreviewError(LINK_PREVIEW_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PreviewError(LINK_PREVIEW_MESSAGES.scheme);
  if (url.username || url.password) throw new PreviewError(LINK_PREVIEW_MESSAGES.invalidUrl);
  return url;
}

/** The charset a page declares: the Content-Type header, else a <meta> in its first bytes. */
function charsetOf(contentType: string, head: Buffer): string {
  const fromHeader = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader;
  const sniff = head.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(sniff)?.[1] ?? 'utf-8';
}

function decode(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, lookup: LookupFunction, signal: AbortSignal, maxBytes: number): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        agent: false,
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; JinshaLinkPreview/1.0)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = response.headers.location ?? null;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        if (status < 200 || status >= 300 || !/^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType)) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          resolve({ status, location, contentType, body: Buffer.concat(chunks) });
        };
        response.on('data', (chunk: Buffer) => {
          if (done) return;
          const room = maxBytes - size;
          chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk);
          size += Math.min(room, chunk.length);
          // The head of a page is what the preview needs: past the cap, stop reading.
          if (size >= maxBytes) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => (done ? undefined : reject(error)));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Fetches an HTML page; throws AppError 400 with a Chinese message when it cannot. */
export async function fetchPage(rawUrl: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const isBlocked = options.isBlocked ?? ((address: string) => !options.allowPrivate && isBlockedAddress(address));
  const resolveName = options.resolve ?? systemResolver;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? LINK_PREVIEW_LIMITS.timeoutMs);

  // The socket asks this for its address: it answers only with addresses that passed the check.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveName(stripBrackets(hostname)).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((a) => isBlocked(a.address))) {
          callback(new PreviewError(LINK_PREVIEW_MESSAGES.blocked), '', 4);
          return;
        }
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(new PreviewError(LINK_PREVIEW_MESSAGES.unreadable), '', 4);
          return;
        }
        if (lookupOptions.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };

  try {
    let url = parseHttpUrl(rawUrl.trim());
    for (let redirects = 0; ; redirects++) {
      const host = stripBrackets(url.hostname);
      // Literal addresses never reach the resolver: check them here.
      if (ipaddr.isValid(host) && isBlocked(ipaddr.process(host).toString())) {
        throw new PreviewError(LINK_PREVIEW_MESSAGES.blocked);
      }
      if (!ipaddr.isValid(host)) {
        // Resolve once up front so a refused name fails with its own message before any socket opens.
        const addresses = await resolveName(host).catch(() => {
          throw new PreviewError(LINK_PREVIEW_MESSAGES.unreadable);
        });
        if (addresses.length === 0 || addresses.some((a) => isBlocked(a.address))) {
          throw new PreviewError(LINK_PREVIEW_MESSAGES.blocked);
        }
      }
      const hop = await requestOnce(url, lookup, controller.signal, options.maxBytes ?? LINK_PREVIEW_LIMITS.maxBytes);
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        if (redirects >= LINK_PREVIEW_LIMITS.maxRedirects) throw new PreviewError(LINK_PREVIEW_MESSAGES.redirects);
        url = parseHttpUrl(hop.location, url);
        continue;
      }
      if (hop.status < 200 || hop.status >= 300) throw new PreviewError(LINK_PREVIEW_MESSAGES.unreadable);
      if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(hop.contentType)) {
        throw new PreviewError(LINK_PREVIEW_MESSAGES.notHtml);
      }
      return { url: url.toString(), html: decode(hop.body, charsetOf(hop.contentType, hop.body)) };
    }
  } catch (error) {
    if (error instanceof PreviewError) throw badRequest(error.message);
    if (controller.signal.aborted) throw badRequest(LINK_PREVIEW_MESSAGES.timeout);
    throw badRequest(LINK_PREVIEW_MESSAGES.unreadable);
  } finally {
    clearTimeout(timer);
  }
}
