// The Google and Facebook buttons, shown only for the providers the org's configuration turns on.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $org } from '../../stores/startup';
import { useT } from '../../stores/locale';
import { loadProviders } from '../../stores/account';
import type { Provider } from './social';

interface Props {
  /** Label keys per provider (sign in or sign up wording). */
  labels: Record<Provider, string>;
  busy: Provider | null;
  disabled?: boolean;
  /** Text of the divider shown above the buttons ("or"). */
  divider?: string;
  onChoose: (provider: Provider) => void;
}

/** Providers the org offers, from its configuration (boot block or /api/org/config). */
export function useEnabledProviders(): Provider[] {
  const org = useStore($org);
  const enabled = (['google', 'facebook'] as const).filter((p) => org?.socialSignIn?.[p] === true);
  useEffect(() => {
    // Fetched ahead so a click can open the popup at once.
    if (enabled.length) void loadProviders();
  }, [enabled.length]);
  return enabled;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2-1.9 3.3-4.7 3.3-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  );
}

export default function SocialButtons({ labels, busy, disabled, divider, onChoose }: Props) {
  const t = useT();
  const enabled = useEnabledProviders();
  if (!enabled.length) return null;
  return (
    <div className="auth-social">
      {divider ? <p className="divider-text">{divider}</p> : null}
      {enabled.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn btn-block auth-social__btn auth-social__btn--${p}`}
          disabled={disabled || busy !== null}
          aria-busy={busy === p || undefined}
          onClick={() => onChoose(p)}
          data-provider={p}
        >
          {busy === p ? <span className="spinner" aria-hidden="true" /> : p === 'google' ? <GoogleMark /> : <FacebookMark />}
          <span>{t(labels[p])}</span>
        </button>
      ))}
    </div>
  );
}
