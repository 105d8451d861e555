/**
 * Draws the demo pictures the seed links (committed): the article covers (public/covers/<n>.svg,
 * db/seed/artwork.ts coverSvg), the banners (public/banners/<n>.svg), the pin pictures
 * (public/snippets/<n>.svg) and the people's avatars (public/avatars/1.svg … 48.svg, committed) with DiceBear's
 * illustrated styles, offline and deterministically: the same files every run. Alternately
 * "notionists" (Zoish, CC0 1.0) and "lorelei" (Lisa Wischofsky, CC0 1.0), each on one of the soft
 * backgrounds below. `npx tsx scripts/generate-demo-art.ts` rewrites them; the seed only links them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import { AVATAR_COUNT, bannerSvg, COVER_COUNT, coverSvg, SNIPPET_COUNT, snippetSvg } from '../db/seed/artwork.ts';
import { BANNERS } from '../db/seed/content/catalog.ts';

const BACKGROUNDS = [
  'fde68a',
  'bfdbfe',
  'c7d2fe',
  'bbf7d0',
  'fecaca',
  'fbcfe8',
  'ddd6fe',
  'a5f3fc',
  'fed7aa',
  'e5e7eb',
];

export function avatarSvg(index: number): string {
  const options = {
    seed: `jinsha-demo-${index}`,
    size: 128,
    backgroundColor: [BACKGROUNDS[index % BACKGROUNDS.length]],
  };
  return (index % 2 === 0 ? createAvatar(notionists, options) : createAvatar(lorelei, options)).toString();
}

const dir = fileURLToPath(new URL('../public/avatars/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (let i = 0; i < AVATAR_COUNT; i++) writeFileSync(`${dir}${i + 1}.svg`, `${avatarSvg(i)}\n`);
console.log(`wrote ${AVATAR_COUNT} avatars to ${dir}`);

const covers = fileURLToPath(new URL('../public/covers/', import.meta.url));
mkdirSync(covers, { recursive: true });
for (let i = 0; i < COVER_COUNT; i++) writeFileSync(`${covers}${i + 1}.svg`, `${coverSvg(i)}\n`);
console.log(`wrote ${COVER_COUNT} covers to ${covers}`);

const banners = fileURLToPath(new URL('../public/banners/', import.meta.url));
mkdirSync(banners, { recursive: true });
for (const [i, banner] of BANNERS.entries()) writeFileSync(`${banners}${i + 1}.svg`, `${bannerSvg(banner, i)}\n`);
console.log(`wrote ${BANNERS.length} banners to ${banners}`);

const snippets = fileURLToPath(new URL('../public/snippets/', import.meta.url));
mkdirSync(snippets, { recursive: true });
for (let i = 0; i < SNIPPET_COUNT; i++) writeFileSync(`${snippets}${i + 1}.svg`, `${snippetSvg(i)}\n`);
console.log(`wrote ${SNIPPET_COUNT} pin pictures to ${snippets}`);
