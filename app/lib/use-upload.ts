import { useState } from 'react';
import { useAlerts } from './alerts.ts';

/**
 * A form's one-file upload (a cover, a background): `uploading` while it runs, the result handed
 * to `done`, the error's alert when it fails. `send` uploads the file and answers its URL.
 */
export function useUpload(send: (file: File) => Promise<string>) {
  const alerts = useAlerts();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined, done: (url: string) => void): Promise<void> {
    if (!file) return;
    setUploading(true);
    try {
      done(await send(file));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setUploading(false);
    }
  }

  return { uploading, upload };
}
