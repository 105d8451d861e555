import { uploads } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';
import { detectImageFormat, type ImageFormat, toWebp } from '../../adapters/images.ts';
import { badRequest } from '../../http/errors.ts';
import type { RequestContext } from '../../http/context.ts';

/** SPEC §9: images up to 1 MB (1048576 bytes). */
export const IMAGE_MAX_BYTES = 1_048_576;
export const FILE_TOO_LARGE = '文件过大';
export const UNSUPPORTED_FORMAT = '不支持此文件格式';

export const uploadPurposes = ['avatar', 'entry', 'cover', 'pin', 'comment', 'collection'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

const ALL_FORMATS: readonly ImageFormat[] = ['jpg', 'png', 'gif', 'webp', 'bmp'];

/** What each purpose accepts and how it is reshaped before storing. */
const purposeRules: Record<UploadPurpose, { formats: readonly ImageFormat[]; square?: number; maxWidth?: number }> = {
  avatar: { formats: ALL_FORMATS, square: 256 },
  entry: { formats: ALL_FORMATS, maxWidth: 1600 },
  cover: { formats: ALL_FORMATS, maxWidth: 1200 },
  pin: { formats: ALL_FORMATS, maxWidth: 1600 },
  comment: { formats: ALL_FORMATS, maxWidth: 1200 },
  collection: { formats: ['jpg', 'png'], maxWidth: 1600 },
};

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image by size and file signature (never by name or declared type),
 * re-encodes it as webp through sharp (which also drops metadata and anything hidden in the
 * file) and stores it through the storage adapter.
 */
export async function storeImage(
  ctx: Pick<RequestContext, 'db' | 'adapters'>,
  input: { userId: string; purpose: UploadPurpose; bytes: Uint8Array },
): Promise<StoredImage> {
  if (input.bytes.byteLength > IMAGE_MAX_BYTES) throw badRequest(FILE_TOO_LARGE);
  const rules = purposeRules[input.purpose];
  const format = detectImageFormat(input.bytes);
  if (!format || !rules.formats.includes(format)) throw badRequest(UNSUPPORTED_FORMAT);
  const image = await toWebp(input.bytes, { square: rules.square, maxWidth: rules.maxWidth }).catch(() => {
    // A file with a valid signature that sharp cannot decode is not an image we accept.
    throw badRequest(UNSUPPORTED_FORMAT);
  });
  const id = newId();
  const key = `${input.purpose}/${id}.webp`;
  const url = await ctx.adapters.storage.put(key, image.bytes, 'image/webp');
  await ctx.db.insert(uploads).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    storageKey: key,
    url,
    mime: 'image/webp',
    bytes: image.bytes.byteLength,
    width: image.width,
    height: image.height,
  });
  return { id, url, width: image.width, height: image.height };
}
