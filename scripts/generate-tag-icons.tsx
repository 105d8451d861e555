/**
 * Draws the built-in tags' icons (public/tags/<name>.svg, committed), offline: a rounded square
 * in the mark's colour with the mark on it, from Simple Icons (CC0 1.0) for the languages,
 * platforms and tools, and a Lucide glyph (ISC) for the Chinese topic tags, which have no mark.
 * `npx tsx scripts/generate-tag-icons.tsx` rewrites them; the seed links them (db/seed/taxonomy.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Boxes,
  Braces,
  ChartColumn,
  ClipboardList,
  Code,
  Component,
  Layers,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  MousePointerClick,
  Palette,
  Server,
  TrendingUp,
} from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as brands from 'simple-icons';
import { BUILTIN_TAG_ICON_FILES } from '../db/seed/content/taxonomy.ts';

type Mark = { brand: { path: string; hex: string } } | { glyph: LucideIcon; hex: string };

const MARKS: Record<string, Mark> = {
  android: { brand: brands.siAndroid },
  kotlin: { brand: brands.siKotlin },
  'jetpack-compose': { brand: brands.siJetpackcompose },
  flutter: { brand: brands.siFlutter },
  gradle: { brand: brands.siGradle },
  frontend: { glyph: Code, hex: 'B45309' },
  javascript: { brand: brands.siJavascript },
  vue: { brand: brands.siVuedotjs },
  react: { brand: brands.siReact },
  css: { brand: brands.siCss },
  ios: { brand: brands.siIos },
  swift: { brand: brands.siSwift },
  swiftui: { glyph: Layers, hex: '147EFB' },
  xcode: { brand: brands.siXcode },
  'objective-c': { glyph: Braces, hex: '438EFF' },
  backend: { glyph: Server, hex: '0F766E' },
  go: { brand: brands.siGo },
  java: { brand: brands.siOpenjdk },
  python: { brand: brands.siPython },
  postgresql: { brand: brands.siPostgresql },
  design: { glyph: Palette, hex: 'DB2777' },
  ui: { glyph: LayoutDashboard, hex: '7C3AED' },
  'interaction-design': { glyph: MousePointerClick, hex: 'EA580C' },
  figma: { brand: brands.siFigma },
  'design-system': { glyph: Component, hex: '4F46E5' },
  product: { glyph: Boxes, hex: '2563EB' },
  'product-manager': { glyph: ClipboardList, hex: '0891B2' },
  growth: { glyph: TrendingUp, hex: '16A34A' },
  'data-analysis': { glyph: ChartColumn, hex: '9333EA' },
  requirements: { glyph: ListChecks, hex: 'CA8A04' },
};

/** Dark marks on light colours (JavaScript's yellow), white on the rest. */
function inkFor(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#1D2129' : '#FFFFFF';
}

function tagIconSvg(mark: Mark): string {
  const hex = 'brand' in mark ? mark.brand.hex : mark.hex;
  const ink = inkFor(hex);
  // A brand's path is drawn on a 24-unit grid; a Lucide glyph is an <svg> of its own, nested.
  const inner =
    'brand' in mark
      ? `<g transform="translate(16 16) scale(1.3333)"><path fill="${ink}" d="${mark.brand.path}"/></g>`
      : renderToStaticMarkup(<mark.glyph x={16} y={16} size={32} color={ink} strokeWidth={2} />).replace(
          / class="[^"]*"/,
          '',
        );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="14" fill="#${hex}"/>`,
    inner,
    '</svg>',
    '',
  ].join('');
}

const dir = fileURLToPath(new URL('../public/tags/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const name of Object.values(BUILTIN_TAG_ICON_FILES)) {
  const mark = MARKS[name];
  if (!mark) throw new Error(`no mark for ${name}`);
  writeFileSync(`${dir}${name}.svg`, tagIconSvg(mark));
}
console.log(`wrote ${Object.keys(BUILTIN_TAG_ICON_FILES).length} tag icons to ${dir}`);
