import type { OAuthProvider } from '@core/account-settings.ts';
import { CodeXml, MessageCircle, Radio } from './icons.tsx';

const iconProps = { 'aria-hidden': true, size: 18, strokeWidth: 1.75 } as const;

/** A recognisable mark per provider from the icon set (no third-party logos are shipped). */
export function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  if (provider === 'github') return <CodeXml {...iconProps} />;
  if (provider === 'wechat') return <MessageCircle {...iconProps} />;
  return <Radio {...iconProps} />;
}
