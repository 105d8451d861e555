import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the home page's first load may pull in (issue 10: first-load JS ≤ 130 KB gzipped, of which
 * react-dom and react-router alone are 111 KB). Menus, dialogs and forms load on first use
 * (app/ui/lazy-menu.tsx, the auth modal, the collect dialog, comment sections), so the static
 * imports reachable from the root and home route modules must not reach radix or zod: one
 * static import of a menu or a form rule would put 40 KB back on every first visit.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const ALIASES: Record<string, string> = { '~/': 'app/', '@core/': 'core/' };
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveFile(from: string, spec: string): string | null {
  let target: string | null = null;
  if (spec.startsWith('.')) target = path.posix.join(path.posix.dirname(from), spec);
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) target = dir + spec.slice(alias.length);
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    const full = path.join(root, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}

/** Every package the static import graph from `entries` reaches, with one path that reaches it. */
function packagesReached(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue: { file: string; trail: string[] }[] = entries.map((file) => ({ file, trail: [file] }));
  while (queue.length > 0) {
    const { file, trail } = queue.shift() as { file: string; trail: string[] };
    if (seen.has(file)) continue;
    seen.add(file);
    // Type-only named imports (`import { type A, type B }`) vanish in the build.
    const source = fs
      .readFileSync(path.join(root, file), 'utf8')
      .replace(/import\s*\{(\s*type\s+\w+\s*,?)+\s*\}\s*from\s*['"][^'"]+['"];?/g, '');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const spec = match[1] as string;
      // Styles and asset URLs are no JS; *.server.ts modules never reach the browser.
      if (spec.endsWith('.css') || spec.includes('?url') || /\.server(\.tsx?)?$/.test(spec)) continue;
      const local = resolveFile(file, spec);
      if (local) queue.push({ file: local, trail: [...trail, local] });
      else if (!spec.startsWith('.') && !spec.startsWith('~') && !spec.startsWith('@core')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
        if (!packages.has(name)) packages.set(name, trail);
      }
    }
  }
  return packages;
}

describe('first load of the home page', () => {
  const reached = packagesReached(['app/root.tsx', 'app/routes/home.tsx']);

  it('reaches react and react-router', () => {
    // The walker really follows the graph: the packages every page needs are found.
    expect(reached.has('react')).toBe(true);
    expect(reached.has('react-router')).toBe(true);
  });

  it.each(['radix-ui', 'zod'])('does not reach %s statically', (name) => {
    expect(reached.get(name), `${name} reached through ${reached.get(name)?.join(' → ')}`).toBeUndefined();
  });
});

describe('first load of an article page', () => {
  // The article and its comments offer confirm dialogs (delete); radix's alert dialog loads when one opens.
  const reached = packagesReached(['app/root.tsx', 'app/routes/entry.tsx']);

  it('reaches react-router', () => {
    expect(reached.has('react-router')).toBe(true);
  });

  it('does not reach radix-ui statically', () => {
    expect(reached.get('radix-ui'), `radix-ui reached through ${reached.get('radix-ui')?.join(' → ')}`).toBeUndefined();
  });
});
