import { uploadImage } from '~/lib/upload-image.ts';

/** Uploads an avatar (squared and stored as webp by the server); answers its URL. */
export async function uploadAvatar(file: File): Promise<string> {
  return (await uploadImage(file, 'avatar')).url;
}
