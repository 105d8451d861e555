import type SharpModule from 'sharp';
import { BmpTooLargeError, decodeBmp } from './bmp.ts';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp, loaded on first use: importing it loads libvips and its threads (about 17 MB of RSS),
 * which a process that never decodes an upload need not hold.
 */
function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}

export type ImageFormat = 'jpg' | 'png' | 'gif' | 'webp' | 'bmp';

/** Reads the format from the file's first bytes (its signature), never from its name or declared type. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'webp';
  return null;
}

/**
 * The most pixels an image may decode to: 25 million (e.g. 5000 × 5000). A small file can
 * declare a huge canvas (a 746 KB PNG decoding to 768 MB took 1.3 s of CPU); such an image is
 * refused from its header, before it is decoded, and sharp refuses to decode past it anyway.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;

/** Width × height from the file's header (no decoding); null when sharp cannot read it. */
export async function imagePixels(input: Uint8Array): Promise<number | null> {
  try {
    const sharp = await loadSharp();
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

export interface WebpImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Re-encodes as webp (quality 85), at most `maxWidth` wide; the first frame of animated images. */
export async function toWebp(
  input: Uint8Array,
  options: { maxWidth?: number; square?: number } = {},
): Promise<WebpImage> {
  const sharp = await loadSharp();
  let pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
  if (options.square) pipeline = pipeline.resize(options.square, options.square, { fit: 'cover' });
  else if (options.maxWidth) pipeline = pipeline.resize({ width: options.maxWidth, withoutEnlargement: true });
  const { data, info } = await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), width: info.width, height: info.height };
}

/** The image's dominant colour as #rrggbb (collection masks). */
export async function dominantColor(input: Uint8Array): Promise<string> {
  const sharp = await loadSharp();
  const { dominant } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A BMP as lossless PNG bytes, which the rest of the pipeline (sharp) reads: sharp has no BMP
 * reader. Null when the file cannot be decoded; 'too-large' when its canvas exceeds
 * IMAGE_MAX_PIXELS (read from the header, before decoding).
 */
export async function bmpToPng(input: Uint8Array): Promise<Uint8Array | null | 'too-large'> {
  try {
    const raw = decodeBmp(input, IMAGE_MAX_PIXELS);
    if (!raw) return null;
    const sharp = await loadSharp();
    const png = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return new Uint8Array(png);
  } catch (error) {
    if (error instanceof BmpTooLargeError) return 'too-large';
    return null;
  }
}
