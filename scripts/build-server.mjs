/**
 * npm run build:server — bundles the server (server/index.ts and everything it imports from
 * server/, db/ and core/) into one ES module, $BUILD_DIR/server-app/index.js, that production runs
 * with plain `node` (docs/decisions/003-precompiled-server.md). Packages stay external: they are
 * loaded from node_modules at run time, as before.
 *
 * A source file that locates files beside itself (`new URL('./migrations', import.meta.url)`)
 * keeps doing so: its `import.meta.url` becomes the URL of its own source file, written relative
 * to the bundle, so the bundle finds db/migrations, the seed's articles and avatars in the
 * checkout it was built in.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const outdir = path.join(buildDir, 'server-app');

/** `import.meta.url` of each project source file → the URL of that file, relative to the bundle. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const started = performance.now();
await build({
  entryPoints: [path.join(root, 'server/index.ts')],
  outfile: path.join(outdir, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: 'linked',
  // Stack traces name the source files; `node --enable-source-maps` maps them.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceUrls],
});
console.log(
  `server bundle ${path.relative(root, path.join(outdir, 'index.js'))} in ${Math.round(performance.now() - started)} ms`,
);
