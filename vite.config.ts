import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rollup } from 'vite';

/** Import aliases, shared with vitest.config.ts. */
export const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@core': fileURLToPath(new URL('./core', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@db': fileURLToPath(new URL('./db', import.meta.url)),
};

const root = fileURLToPath(new URL('.', import.meta.url));
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

/**
 * Client chunks for the first load. Every page loads React, React DOM and React Router, and the
 * shell's own modules (everything app/root.tsx imports statically): each goes into one chunk
 * instead of some forty small ones, which gzip worse apart (a file compresses on its own) and
 * cost a request each. What loads on first use (import()) stays in its own chunks.
 */
function clientChunks(): Rollup.GetManualChunk {
  let groups: Map<string, string> | null = null;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (FRAMEWORK.test(id)) return 'framework';
    if (!groups) {
      const found = new Map<string, string>();
      const ids = [...getModuleIds()];
      // The shell first, then the feed rows the home page adds (shared by every feed page).
      for (const [entry, chunk] of [
        ['app/root.tsx', 'app-shell'],
        ['app/routes/home.tsx', 'feed'],
      ] as const) {
        const start = ids.find((m) => m === `${root}${entry}`);
        const queue = start ? [...(getModuleInfo(start)?.importedIds ?? [])] : [];
        while (queue.length > 0) {
          const next = queue.pop() as string;
          if (found.has(next) || !isAppModule(next)) continue;
          found.set(next, chunk);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
      }
      groups = found;
    }
    return groups.get(id);
  };
}

/** A source module of the app that is not a route module (routes keep their own chunks). */
function isAppModule(id: string) {
  return (
    (id.startsWith(`${root}app/`) || id.startsWith(`${root}core/`)) &&
    /\.tsx?$/.test(id) &&
    !id.startsWith(`${root}app/routes/`)
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias },
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunks() } } },
  // Server-only packages reached through loaders' imports: never pre-bundle them for the browser.
  // Browser packages are listed up front so a first visit does not re-optimise and reload.
  optimizeDeps: {
    include: ['lucide-react', 'radix-ui'],
    exclude: ['@node-rs/jieba', '@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pino'],
  },
  ssr: { external: ['@electric-sql/pglite', '@node-rs/jieba', '@node-rs/argon2', 'pg', 'pino'] },
}));
