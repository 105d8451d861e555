import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '~/lib/api-client.ts';

export interface CaptchaState {
  imageStr: string;
  imageToken: string;
  /** Present only when the server runs with CAPTCHA_TEST_ANSWERS (browser journeys). */
  answer?: string;
}

/** An image captcha from getRandCode, loaded in the browser; `refresh` fetches a new one. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const request = ++latest.current;
    try {
      const next = await apiFetch<CaptchaState>('/api/captcha/getRandCode');
      if (request === latest.current) {
        setCaptcha(next);
        setFailed(false);
      }
    } catch {
      if (request === latest.current) setFailed(true);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { captcha, failed, refresh };
}

/**
 * A form with an image captcha: its fields, a change handler per field, and `refreshCaptcha`,
 * which empties the typed code and loads a new picture (after a send or a failed try).
 */
export function useCaptchaForm<F extends { imageCode: string }>(initial: F) {
  const [form, setForm] = useState(initial);
  const { captcha, failed, refresh } = useCaptcha();
  const set = (field: keyof F) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const refreshCaptcha = useCallback(() => {
    setForm((current) => ({ ...current, imageCode: '' }));
    void refresh();
  }, [refresh]);
  return { form, setForm, set, captcha, failed, refreshCaptcha };
}
