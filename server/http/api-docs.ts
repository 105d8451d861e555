import type { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AppEnv } from './context.ts';

const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

/** The interactive API reference at /api/docs, served from the swagger-ui-dist package (no CDN). */
export function mountApiDocs(api: Hono<AppEnv>, options: { title: string; specUrl: string }) {
  api.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const body = await readFile(path.join(distDir, file));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  api.get('/docs', (c) => {
    const nonce = c.get('nonce')();
    return c.html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle({ url: ${JSON.stringify(options.specUrl)}, dom_id: '#swagger-ui' });</script>
</body></html>`);
  });
}
