#!/usr/bin/env node
/**
 * The server-module rule that Biome's per-file lint cannot see (part of `npm run lint`; see
 * docs/decisions/004-enforced-boundaries.md):
 *
 *  1. Outside server/modules/<m>/, code reaches <m> only through its public files:
 *     `*.service.ts` (use cases), `*.schemas.ts` (zod shapes) and `*.policy.ts` (permission
 *     predicates). Its queries, handlers, routes and helpers stay private. The composition
 *     root (server/app.ts, server/index.ts) wires routes and handlers; tests may reach anything.
 *  2. The graph of modules (m imports n) has no cycle, type-only imports included.
 *
 * Exits 1 and lists each violation. `--graph` prints the module graph.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SCANNED = ['app', 'server', 'db', 'core', 'bench', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'data', 'migrations', '.react-router', '.git']);
const ALIASES = { '~/': 'app/', '@core/': 'core/', '@server/': 'server/', '@db/': 'db/' };
const PUBLIC_FILE = /\.(service|schemas|policy)\.ts$/;
const COMPOSITION_ROOT = new Set(['server/app.ts', 'server/index.ts']);
const isTest = (file) => /\.test(-support)?\.tsx?$/.test(file) || file.startsWith('tests/');

/**
 * Known violations being removed (issue 17): `file -> file` for a reach into private files,
 * `module -> module` for an edge left out of the cycle search. The check fails on a listed
 * entry that no longer occurs, so the list can only shrink. Empty since issue 17 was done: keep it so.
 */
const TEMPORARY_EXCEPTIONS = new Set([]);

function listFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name)) files.push(rel);
    }
  };
  for (const dir of SCANNED) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return files;
}

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from, spec) {
  let target = null;
  if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else {
    for (const [alias, dir] of Object.entries(ALIASES))
      if (spec.startsWith(alias)) target = dir + spec.slice(alias.length);
  }
  if (!target) return null;
  if (fs.existsSync(path.join(root, target)) && fs.statSync(path.join(root, target)).isFile()) return target;
  for (const ext of ['.ts', '.tsx', '/index.ts']) if (fs.existsSync(path.join(root, target + ext))) return target + ext;
  return target;
}

const moduleOf = (file) => file.match(/^server\/modules\/([^/]+)\//)?.[1] ?? null;

const violations = [];
const privateReaches = new Set();
const seenExceptions = new Set();
const graph = new Map();
const edgeFiles = new Map();

for (const file of listFiles()) {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const from = moduleOf(file);
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    const target = resolve(file, spec);
    const to = target && moduleOf(target);
    if (!to || to === from) continue;
    if (!isTest(file) && !COMPOSITION_ROOT.has(file) && !PUBLIC_FILE.test(target)) {
      const key = `${file} -> ${target}`;
      if (TEMPORARY_EXCEPTIONS.has(key)) seenExceptions.add(key);
      else privateReaches.add(key);
    }
    if (from && !isTest(file)) {
      const edge = `${from} -> ${to}`;
      if (TEMPORARY_EXCEPTIONS.has(edge)) {
        seenExceptions.add(edge);
        continue;
      }
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
      if (!edgeFiles.has(edge)) edgeFiles.set(edge, new Set());
      edgeFiles.get(edge).add(file);
    }
  }
}

for (const key of privateReaches) {
  violations.push(`${key}: another module is reached only through its *.service.ts, *.schemas.ts or *.policy.ts`);
}
for (const key of TEMPORARY_EXCEPTIONS) {
  if (!seenExceptions.has(key))
    violations.push(`scripts/check-module-cycles.mjs lists "${key}", which no longer occurs: remove it`);
}

// Strongly connected components (Tarjan): every component of more than one module is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
const cycles = [];
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const v of graph.keys()) if (!index.has(v)) connect(v);
for (const component of cycles) {
  const edges = [...edgeFiles.entries()]
    .filter(([edge]) => {
      const [a, b] = edge.split(' -> ');
      return component.includes(a) && component.includes(b);
    })
    .map(([edge, files]) => `    ${edge}: ${[...files].join(', ')}`);
  violations.push(`server modules import each other in a cycle (${component.join(', ')}):\n${edges.join('\n')}`);
}

if (process.argv.includes('--graph')) {
  for (const [m, deps] of [...graph.entries()].sort()) console.log(`${m} -> ${[...deps].sort().join(', ')}`);
}
if (violations.length > 0) {
  console.error(`check-module-cycles: ${violations.length} violation(s)\n`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log(
  `check-module-cycles: ${graph.size} server modules, no cycle, no reach into another module's private files`,
);
