import { MAIL_TYPE_LABELS, type MailType } from '@core/account-settings.ts';
import { TIMING } from '@core/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';

const LABELS = MAIL_TYPE_LABELS;

function MailSwitch({ type, initial }: { type: MailType; initial: boolean }) {
  const alerts = useAlerts();
  const [on, setOn] = useState(initial);
  const [working, setWorking] = useState(false);
  const revert = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(revert.current), []);

  async function toggle() {
    const next = !on;
    setOn(next);
    setWorking(true);
    try {
      await apiFetch(`/api/mail/subscribe.php?type=${type}&check=${next ? 1 : 0}`);
    } catch (error) {
      alerts.pushError(error);
      // A failed call puts the switch back after a second (SPEC §9).
      revert.current = window.setTimeout(() => setOn(!next), TIMING.mailSubscriptionRevertMs);
    } finally {
      setWorking(false);
    }
  }

  const label = LABELS[type];
  return (
    <div className="flex items-center justify-between gap-4 border-line border-b py-4 last:border-b-0">
      <div>
        <p className="text-fg text-sm">{label.title}</p>
        <p className="mt-0.5 text-[13px] text-fg-3">{label.description}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label.title}
        disabled={working}
        onClick={toggle}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors duration-150 ease-out ${
          on ? 'bg-brand' : 'bg-line'
        }`}
      >
        <span
          aria-hidden
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform duration-150 ease-out ${
            on ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
    </div>
  );
}

/** The follow / article / week mail toggles (SPEC §7.7). */
export function MailToggles({ status }: { status: Record<MailType, boolean> }) {
  return (
    <div className="max-w-xl">
      {(Object.keys(LABELS) as MailType[]).map((type) => (
        <MailSwitch key={type} type={type} initial={status[type]} />
      ))}
    </div>
  );
}
