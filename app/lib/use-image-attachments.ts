import { useState } from 'react';
import { useAlerts } from './alerts.ts';
import { type ImagePurpose, uploadImage } from './upload-image.ts';

/** Images attached to a pin or a comment: uploaded one by one as they are picked, at most `max`. */
export function useImageAttachments(purpose: ImagePurpose, max: number) {
  const alerts = useAlerts();
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = max - images.length;
    if (files.length > room) alerts.push({ type: 'warning', message: `最多上传${max}张图片` });
    setUploading(true);
    try {
      for (const file of Array.from(files).slice(0, room)) {
        const { url } = await uploadImage(file, purpose);
        setImages((current) => [...current, url]);
      }
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setUploading(false);
    }
  }

  return {
    images,
    uploading,
    full: images.length >= max,
    add,
    remove: (url: string) => setImages((current) => current.filter((u) => u !== url)),
    clear: () => setImages([]),
  };
}
