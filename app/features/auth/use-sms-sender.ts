import { useCallback, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch, isApiError } from '~/lib/api-client.ts';
import { SMS_RESEND_SECONDS } from './form-fields.tsx';
import { checkSmsRequest } from './register.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * Sends an SMS code (POST /v2/sendSmsCodeToUser) after the browser's checks. The captcha is
 * single-use, so it is refreshed after every send; a failed send shows the message (SPEC §8).
 */
export function useSmsSender(options: {
  useType: 'signup' | 'restpwd';
  refreshCaptcha: () => void;
  onInvalid: (field: 'account' | 'imageCode') => void;
}) {
  const alerts = useAlerts();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const { useType, refreshCaptcha, onInvalid } = options;

  const send = useCallback(
    async (phone: string, imageToken: string, imageCode: string): Promise<boolean> => {
      if (sending || left > 0) return false;
      const check = checkSmsRequest(phone, imageCode);
      if (!check.ok) {
        alerts.push({ type: 'error', message: check.message });
        onInvalid(check.field);
        return false;
      }
      setSending(true);
      try {
        await apiFetch('/api/user/v2/sendSmsCodeToUser', {
          json: { mobilePhoneNumber: phone.trim(), imageToken, imageCode: imageCode.trim(), useType },
        });
        start(SMS_RESEND_SECONDS);
        alerts.push({ type: 'success', message: '验证码已发送' });
        return true;
      } catch (error) {
        alerts.push({ type: 'error', message: isApiError(error) ? error.m : '发送失败，请稍后重试' });
        return false;
      } finally {
        setSending(false);
        refreshCaptcha();
      }
    },
    [sending, left, alerts, onInvalid, useType, start, refreshCaptcha],
  );
  return { left, sending, send };
}
