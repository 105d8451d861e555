#!/usr/bin/env node
/**
 * npm run icons — writes app/ui/icons.svg, the sprite of every lucide icon app/ui/icons.tsx
 * exports (`export const Eye = (props) => <SpriteIcon name="eye" {...props} />`), as <symbol>s without stroke or fill of their own,
 * so the page's CSS (.icon in app/app.css) and each icon's style draw them. Run it after adding
 * an icon to icons.tsx, and commit both.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const iconsDir = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/icons');
const source = readFileSync(path.join(root, 'app/ui/icons.tsx'), 'utf8');
const names = [...source.matchAll(/<SpriteIcon name="([a-z0-9-]+)"/g)].map((m) => m[1]).sort();

/** An icon's data; an alias (circle-alert, trash-2) is a file that re-exports another icon. */
async function iconData(name) {
  const file = path.join(iconsDir, `${name}.mjs`);
  const module = await import(pathToFileURL(file).href);
  if (module.__iconData) return module.__iconData;
  const target = /export \{ default \} from '\.\/([a-z0-9-]+)\.mjs'/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!target) throw new Error(`no icon data for ${name}`);
  return iconData(target);
}

const escapeXml = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const symbols = [];
for (const name of names) {
  const __iconData = await iconData(name);
  const children = __iconData.node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}="${escapeXml(value)}"`)
        .join(' ');
      return `<${tag} ${attrs}/>`;
    })
    .join('');
  symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
}
const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
writeFileSync(path.join(root, 'app/ui/icons.svg'), sprite);
console.log(`app/ui/icons.svg: ${names.length} icons, ${sprite.length} bytes`);
