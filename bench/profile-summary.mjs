// node bench/profile-summary.mjs <file.cpuprofile> [top] — where a CPU profile's time went:
// self time by area (React render, database driver, Node HTTP, …), then the top functions.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
const AREAS = [
  ['idle', (f) => f === '(idle)'],
  ['garbage collection', (f) => f === '(garbage collector)'],
  ['React render', (_f, u) => /react-dom|\/react\//.test(u)],
  ['React Router', (_f, u) => /react-router/.test(u)],
  ['database driver (pg, PGlite)', (_f, u) => /node_modules\/(pg|pg-protocol|pg-types|pg-pool|@electric-sql)/.test(u)],
  ['Drizzle', (_f, u) => /drizzle-orm/.test(u)],
  ['Hono and node-server', (_f, u) => /node_modules\/(hono|@hono)/.test(u)],
  ['zod', (_f, u) => /node_modules\/zod/.test(u)],
  ['pino', (_f, u) => /pino|sonic-boom/.test(u)],
  ['compression (zlib)', (f, u) => /zlib/.test(u) || /^(brotli|gzip|deflate)/i.test(f)],
  ['Headers, Request, Response (undici)', (_f, u) => /undici/.test(u)],
  ['Node streams', (_f, u) => /node:internal\/(streams|webstreams)|internal\/streams|internal\/webstreams/.test(u)],
  ['Node HTTP and net', (_f, u) => /node:(_http|http|net)|internal\/(http|net)|_http_/.test(u)],
  ['app: server/, db/, core/', (_f, u) => /server-app|\/server\/|\/db\/|\/core\//.test(u)],
  ['app: route modules (build/server)', (_f, u) => /build[^/]*\/server\/index\.js/.test(u)],
  ['socket writes (writev)', (f) => f === 'writev' || f === 'writeUtf8String' || f === 'writeBuffer'],
  ['program / native', (f, u) => f === '(program)' || u === ''],
];
const areas = new Map();
const functions = new Map();
let total = 0;
for (const [id, time] of self) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  total += time;
  const area = AREAS.find(([, test]) => test(name, url))?.[0] ?? 'other JavaScript';
  areas.set(area, (areas.get(area) ?? 0) + time);
  const key = `${name} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(build[^/]*\/)/, '$1')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
}
const idle = areas.get('idle') ?? 0;
const busy = total - idle;
console.log(`total ${(total / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms\n`);
console.log('| area | share of busy time |\n|---|---|');
for (const [area, time] of [...areas].filter(([a]) => a !== 'idle').sort((a, b) => b[1] - a[1]))
  console.log(`| ${area} | ${((time / busy) * 100).toFixed(1)}% |`);
console.log(`\ntop ${top} functions by self time:`);
for (const [key, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  if (!key.startsWith('(idle)')) console.log(`${((time / busy) * 100).toFixed(1).padStart(5)}%  ${key}`);
