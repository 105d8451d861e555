import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Import aliases, shared with vitest.config.ts. */
export const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@core': fileURLToPath(new URL('./core', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@db': fileURLToPath(new URL('./db', import.meta.url)),
};

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias },
  // Server-only packages reached through loaders' imports: never pre-bundle them for the browser.
  // Browser packages are listed up front so a first visit does not re-optimise and reload.
  optimizeDeps: {
    include: ['lucide-react', 'radix-ui'],
    exclude: ['@node-rs/jieba', '@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pino'],
  },
  ssr: { external: ['@electric-sql/pglite', '@node-rs/jieba', '@node-rs/argon2', 'pg', 'pino'] },
});
