import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { imagePixels } from './images.ts';

const sharpLoaded = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => /[/\\]sharp[/\\]/.test(file));

/** A 1 × 1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

describe('sharp', () => {
  it('is loaded when the first image is read, not with the module (libvips costs RSS)', async () => {
    expect(sharpLoaded()).toBe(false);
    expect(await imagePixels(PNG)).toBe(1);
    expect(sharpLoaded()).toBe(true);
  });
});
