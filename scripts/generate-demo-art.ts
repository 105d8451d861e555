/**
 * Draws the demo pictures the seed links (committed): the article covers (public/covers/<n>.svg,
 * db/seed/artwork.ts coverSvg) and the people's avatars (public/avatars/1.svg … 48.svg, committed) with DiceBear's
 * illustrated styles, offline and deterministically: the same files every run. Alternately
 * "notionists" (Zoish, CC0 1.0) and "lorelei" (Lisa Wischofsky, CC0 1.0), each on one of the soft
 * backgrounds below. `npx tsx scripts/generate-demo-art.ts` rewrites them; the seed only links them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import { AVATAR_COUNT, COVER_COUNT, coverSvg } from '../db/seed/artwork.ts';

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
