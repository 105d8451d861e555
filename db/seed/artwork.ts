/**
 * Generated pictures for demo content, so the seed needs no network and no binary assets.
 * Avatars are committed files (public/avatars/<n>.svg, served like any static asset), drawn
 * offline by scripts/generate-demo-art.ts; so are article covers, banners and pin pictures (public/covers,
 * public/banners, public/snippets): a picture a feed page shows is a URL the browser caches, not a
 * data URL the page's HTML and its loader data would each carry (issue 10 goal 5). Collection,
 * booklet and event covers are still small SVG data URLs stored in the rows.
 */

import type { BannerSeed } from './content/catalog.ts';
import { SeededRandom } from './random.ts';

export const AVATAR_COUNT = 48;

export function avatarPath(index: number): string {
  return `/avatars/${(index % AVATAR_COUNT) + 1}.svg`;
}

function dataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const GRADIENTS: Array<[string, string]> = [
  ['#1E80FF', '#5AB0FF'],
  ['#722ED1', '#B37FEB'],
  ['#00B42A', '#7BE188'],
  ['#F77234', '#FFB65D'],
  ['#14C9C9', '#7BE1E1'],
  ['#165DFF', '#6AA1FF'],
  ['#D91AD9', '#F08EE6'],
  ['#F53F3F', '#FF9A9A'],
  ['#0E1726', '#3B4A63'],
];

/**
 * A gradient picture with soft circles and optional lines of text, for covers and banners;
 * `color` is its deepest colour, the mask that keeps a title readable on it.
 */
export function coverArt(
  seed: number,
  options: { width?: number; height?: number; lines?: string[]; dark?: boolean } = {},
): { url: string; color: string; svg: string } {
  const { width = 800, height = 450, lines = [] } = options;
  const random = new SeededRandom(seed);
  const [from, to] = options.dark ? GRADIENTS[GRADIENTS.length - 1] : random.pick(GRADIENTS.slice(0, -1));
  const circles = Array.from({ length: 4 }, () => {
    const r = random.int(Math.round(height / 6), Math.round(height / 2));
    return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" fill="#fff" fill-opacity="${(random.int(6, 16) / 100).toFixed(2)}"/>`;
  }).join('');
  const fontSize = Math.round(Math.min(width / 12, height / 7));
  const text = lines
    .map(
      (line, i) =>
        `<text x="${Math.round(width * 0.08)}" y="${Math.round(height * 0.38) + i * Math.round(fontSize * 1.5)}" font-size="${i === 0 ? fontSize : Math.round(fontSize * 0.6)}" font-weight="${i === 0 ? 700 : 400}" fill="#fff" font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${text}</svg>`;
  return { url: dataUrl(svg), color: from, svg };
}

/** Article covers: committed files (public/covers/<n>.svg, scripts/generate-demo-art.ts), linked by the seed. */
export const COVER_COUNT = 24;

export function coverPath(index: number): string {
  return `/covers/${(index % COVER_COUNT) + 1}.svg`;
}

/** The n-th article cover: a gradient with soft circles, no text (the row shows the title). */
export function coverSvg(index: number): string {
  return coverArt(5000 + index, { width: 240, height: 160 }).svg;
}

/** Banners: committed files (public/banners/<n>.svg, scripts/generate-demo-art.ts), the n-th of BANNERS. */
export function bannerPath(index: number): string {
  return `/banners/${index + 1}.svg`;
}

/** The n-th banner's picture: a gradient with its lines of text. */
export function bannerSvg(banner: BannerSeed, index: number): string {
  const width = banner.position === 'hero' ? 1200 : 600;
  return coverArt(4000 + index, { width, height: 300, lines: banner.textList }).svg;
}

/** Pin pictures: committed files (public/snippets/<n>.svg, scripts/generate-demo-art.ts). */
export const SNIPPET_COUNT = 12;

export function snippetPath(seed: number): string {
  return `/snippets/${(seed % SNIPPET_COUNT) + 1}.svg`;
}

/** A stylised code-editor screenshot for pins that carry pictures. */
export function snippetSvg(seed: number): string {
  const random = new SeededRandom(seed);
  const palette = ['#FF7B72', '#79C0FF', '#D2A8FF', '#7EE787', '#FFA657', '#C9D1D9'];
  const rows = Array.from({ length: 9 }, (_, row) => {
    let x = 40 + random.int(0, 3) * 24;
    const parts: string[] = [];
    for (let k = random.int(1, 4); k > 0; k--) {
      const w = random.int(30, 140);
      parts.push(
        `<rect x="${x}" y="${60 + row * 30}" width="${w}" height="12" rx="6" fill="${random.pick(palette)}"/>`,
      );
      x += w + 12;
    }
    return parts.join('');
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 360" width="600" height="360"><rect width="600" height="360" rx="12" fill="#0D1117"/><circle cx="26" cy="24" r="7" fill="#FF5F56"/><circle cx="48" cy="24" r="7" fill="#FFBD2E"/><circle cx="70" cy="24" r="7" fill="#27C93F"/>${rows}</svg>`;
}
