#!/usr/bin/env node
/**
 * The npm registry mirror these machines reach serves only the linux builds of packages that
 * ship one optional package per platform (biome, esbuild, rollup, jieba, argon2, …), so npm
 * leaves the other platforms out of package-lock.json and `npm ci` then refuses the lock as
 * "out of sync". This adds each missing platform package as a lock entry with its os/cpu/libc
 * read from its name, which `npm ci` skips on a machine of another platform without fetching.
 * Run after every `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'sunos', 'win32', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

/** "@biomejs/cli-linux-arm64-musl" → { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes('gnueabihf') || parts.includes('eabi') ? 'arm' : undefined);
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') && os === 'linux' ? 'glibc' : undefined;
  if (parts.includes('wasm32')) return { cpu: ['wasm32'] };
  if (!os && !cpu) return null;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

/** Where Node would resolve `name` from the package at `from` (its own node_modules, then upwards). */
function resolvedPath(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!entry.optionalDependencies) continue;
  const names = Object.keys(entry.optionalDependencies);
  // Put missing platform packages beside the one npm did install for this package.
  const installed = names.map((name) => resolvedPath(path, name)).find(Boolean);
  if (!installed) continue;
  const folder = installed.slice(0, installed.lastIndexOf('node_modules/') + 'node_modules/'.length);
  for (const name of names) {
    if (resolvedPath(path, name)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[`${folder}${name}`] = {
      version: entry.optionalDependencies[name].replace(/^[\^~=]/, ''),
      ...platform,
      ...(entry.dev && { dev: true }),
      optional: true,
    };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
