/**
 * A BMP decoder: sharp (libvips) reads no BMP, while SPEC §5 accepts bmp uploads. Decodes the
 * Windows bitmaps that image editors and screenshots write (BITMAPINFOHEADER and its V4/V5
 * extensions, and the old 12-byte core header): 1, 4 and 8 bits with a palette, 16 bits (5-5-5 or
 * bit fields), 24 bits and 32 bits (with or without bit fields), bottom-up or top-down, into RGBA
 * for sharp's raw input. Run-length compressed bitmaps are refused (rare; null like any file it
 * cannot read). The canvas is checked against `maxPixels` from the header, before any allocation.
 */

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 4;
}

export class BmpTooLargeError extends Error {}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** Reads a channel of `value` selected by `mask` and scales it to 0–255. */
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBmp(bytes: Uint8Array, maxPixels: number): RawImage | null {
  if (bytes.byteLength < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = BI_RGB;
  let paletteSize = 0;
  let paletteEntry = 4;
  if (headerSize === 12) {
    width = view.getUint16(18, true);
    rawHeight = view.getInt16(20, true);
    bpp = view.getUint16(24, true);
    paletteEntry = 3;
  } else if (headerSize >= 40 && bytes.byteLength >= 14 + 40) {
    width = view.getInt32(18, true);
    rawHeight = view.getInt32(22, true);
    bpp = view.getUint16(28, true);
    compression = view.getUint32(30, true);
    paletteSize = view.getUint32(46, true);
  } else return null;
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) return null;
  if (width * height > maxPixels) throw new BmpTooLargeError();

  // Channel masks: the defaults of each depth, or the bit fields after the 40-byte header.
  let masks = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bpp !== 16 && bpp !== 32) return null;
    if (bytes.byteLength < 14 + 40 + 12) return null;
    masks = [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true), 0];
    if (compression === BI_ALPHABITFIELDS || headerSize >= 56) masks[3] = view.getUint32(66, true);
  } else if (compression !== BI_RGB) return null;
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return null;

  let palette: Uint8Array | null = null;
  if (bpp <= 8) {
    const count = paletteSize || 1 << bpp;
    const start = 14 + headerSize;
    if (start + count * paletteEntry > bytes.byteLength) return null;
    palette = new Uint8Array(count * 4);
    for (let i = 0; i < count; i++) {
      const at = start + i * paletteEntry;
      palette[i * 4] = bytes[at + 2];
      palette[i * 4 + 1] = bytes[at + 1];
      palette[i * 4 + 2] = bytes[at];
      palette[i * 4 + 3] = 255;
    }
  }

  const rowBytes = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + rowBytes * height > bytes.byteLength) return null;
  // 32-bit bitmaps without an alpha mask, and those whose alpha is all zero, are opaque.
  const useAlpha = bpp === 32 && masks[3] !== 0;
  const out = new Uint8Array(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (palette) {
        const bit = x * bpp;
        const byte = bytes[row + (bit >> 3)];
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index * 4 >= palette.length) return null;
        out.set(palette.subarray(index * 4, index * 4 + 4), o);
      } else if (bpp === 24) {
        const at = row + x * 3;
        out[o] = bytes[at + 2];
        out[o + 1] = bytes[at + 1];
        out[o + 2] = bytes[at];
        out[o + 3] = 255;
      } else {
        const value = bpp === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        out[o] = channel(value, masks[0]);
        out[o + 1] = channel(value, masks[1]);
        out[o + 2] = channel(value, masks[2]);
        out[o + 3] = useAlpha ? channel(value, masks[3]) : 255;
        if (useAlpha && out[o + 3] !== 0) anyAlpha = true;
      }
    }
  }
  if (useAlpha && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { data: out, width, height, channels: 4 };
}
