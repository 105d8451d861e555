import type { Ctx } from '../../http/context.ts';
import { newId } from '@core/ids.ts';
import {
  bmpToPng,
  detectImageFormat,
  IMAGE_MAX_PIXELS,
  type ImageFormat,
  imagePixels,
  toWebp,
} from '../../adapters/images.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { enforceNewAccountLimits } from '../trust/trust.service.ts';
import { TOO_FREQUENT } from '../verification/verification.service.ts';
import * as queries from './uploads.queries.ts';
import { tooManyImagesMessage } from '@core/validation.ts';

/** SPEC §9: images up to 1 MB (1048576 bytes). */
export const IMAGE_MAX_BYTES = 1_048_576;
export const FILE_TOO_LARGE = '文件过大';
export const UNSUPPORTED_FORMAT = '不支持此文件格式';
export const IMAGE_TOO_LARGE = `图片尺寸过大，请上传${IMAGE_MAX_PIXELS / 10_000}万像素以内的图片`;

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

/**
 * Uploads per person and hour (UPLOAD_MAX_PER_USER_HOUR), counted through the rate-limit adapter
 * (Redis when configured, so across instances): each upload costs a decode. Over it: 429
 * 操作过于频繁，请稍后再试, before the body is parsed. Then a new account's lower limit
 * (enforceNewAccountLimits, docs/trust-levels.md). Signed out: 401.
 */
export async function checkUploadRate(ctx: Pick<Ctx, 'db' | 'viewer' | 'adapters' | 'env'>) {
  const viewer = requireViewer(ctx.viewer);
  const rule = { name: 'upload-user', points: ctx.env.UPLOAD_MAX_PER_USER_HOUR, durationSeconds: 3600 };
  const { allowed, retryAfterSeconds } = await ctx.adapters.limits.consume(rule, viewer.id);
  if (!allowed) throw new AppError(429, TOO_FREQUENT, { data: { retryAfterSeconds } });
  await enforceNewAccountLimits(ctx, { action: 'upload' });
}

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
  ctx: Pick<Ctx, 'db' | 'adapters'>,
  input: { userId: string; purpose: UploadPurpose; bytes: Uint8Array },
): Promise<StoredImage> {
  if (input.bytes.byteLength > IMAGE_MAX_BYTES) throw badRequest(FILE_TOO_LARGE);
  const rules = purposeRules[input.purpose];
  const format = detectImageFormat(input.bytes);
  if (!format || !rules.formats.includes(format)) throw badRequest(UNSUPPORTED_FORMAT);
  let source = input.bytes;
  if (format === 'bmp') {
    // sharp reads no BMP: decoded here into PNG first (server/adapters/bmp.ts).
    const png = await bmpToPng(input.bytes);
    if (png === 'too-large') throw badRequest(IMAGE_TOO_LARGE);
    if (!png) throw badRequest(UNSUPPORTED_FORMAT);
    source = png;
  }
  const pixels = await imagePixels(source);
  if (pixels === null) throw badRequest(UNSUPPORTED_FORMAT);
  if (pixels > IMAGE_MAX_PIXELS) throw badRequest(IMAGE_TOO_LARGE);
  const image = await toWebp(source, { square: rules.square, maxWidth: rules.maxWidth }).catch(() => {
    // A file with a valid signature that sharp cannot decode is not an image we accept.
    throw badRequest(UNSUPPORTED_FORMAT);
  });
  const id = newId();
  const key = `${input.purpose}/${id}.webp`;
  const url = await ctx.adapters.storage.put(key, image.bytes, 'image/webp');
  await queries.insertUpload(ctx.db, {
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

/** Images of a comment or pin: at most `max`, and each one the author's own upload. */
export async function checkOwnImages(
  ctx: Pick<Ctx, 'db'>,
  { userId, urls, max }: { userId: string; urls: string[]; max: number },
) {
  const { db } = ctx;
  if (urls.length > max) throw badRequest(tooManyImagesMessage(max));
  if (urls.length === 0) return;
  const own = await queries.selectOwnUploadUrls(db, userId, urls);
  if (!urls.every((u) => own.has(u))) throw badRequest('图片不存在');
}
