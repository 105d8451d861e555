import { OAUTH_PROVIDER_LABELS, type OAuthProvider } from '@core/account-settings.ts';
import { useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { ProviderIcon } from '~/ui/provider-icon.tsx';
import { openOAuthPopup } from '~/lib/oauth-popup.ts';

interface ProvidersAnswer {
  providers: Array<{ provider: OAuthProvider; label: string }>;
}

/**
 * Third-party sign-in for the login panel: one button per configured provider (the others are
 * hidden); nothing shows when none is configured.
 */
export function OAuthButtons() {
  const alerts = useAlerts();
  const [providers, setProviders] = useState<ProvidersAnswer['providers']>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ProvidersAnswer>('/api/oauth/providers', { signal: controller.signal })
      .then((answer) => setProviders(answer.providers))
      .catch(() => setProviders([]));
    return () => controller.abort();
  }, []);
  if (providers.length === 0) return null;
  return (
    <div className="mt-4 border-line border-t pt-3">
      <p className="text-center text-[13px] text-fg-3">第三方账号登录</p>
      <div className="mt-2 flex justify-center gap-4">
        {providers.map(({ provider }) => (
          <button
            key={provider}
            type="button"
            aria-label={`使用${OAUTH_PROVIDER_LABELS[provider]}登录`}
            title={OAUTH_PROVIDER_LABELS[provider]}
            onClick={() => openOAuthPopup(provider, (message) => alerts.push({ type: 'error', message }))}
            className="inline-flex size-9 items-center justify-center rounded-full border border-line text-fg-2 transition-colors duration-150 ease-out hover:border-brand hover:text-brand"
          >
            <ProviderIcon provider={provider} />
          </button>
        ))}
      </div>
    </div>
  );
}
