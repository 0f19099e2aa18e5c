// The travel profile on /user-details: age band and travel preferences, saved with PUT /api/profile.
import { useEffect, useState, type FormEvent } from 'react';
import { AGE_BANDS, TRAVEL_PREFERENCES, type AgeBand } from '../../shared/contract/auth-text';
import type { Profile } from '../../shared/contract/auth';
import { saveProfile } from '../../stores/account';
import { useT } from '../../stores/locale';
import { failureMessage, keyedText } from './signup-logic';

interface Props {
  profile: Profile;
}

export default function TravelProfile({ profile }: Props) {
  const t = useT();
  const [ageBand, setAgeBand] = useState<AgeBand | null>(profile.travprofile?.age_band ?? null);
  const [prefs, setPrefs] = useState<string[]>(profile.travelpreference ?? []);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAgeBand(profile.travprofile?.age_band ?? null);
    setPrefs(profile.travelpreference ?? []);
  }, [profile]);

  const toggle = (p: string) => setPrefs((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      await saveProfile({ travprofile: { age_band: ageBand }, travelpreference: TRAVEL_PREFERENCES.filter((p) => prefs.includes(p)) });
      setStatus({ ok: true, text: t('acct_saved') });
    } catch (err) {
      setStatus({ ok: false, text: keyedText(t, failureMessage(err, t('acct_load_failed'))) });
    }
    setBusy(false);
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="travel-profile-form">
      <fieldset className="age-bands">
        <legend>{t('acct_age_band')}</legend>
        {[null, ...AGE_BANDS].map((band) => (
          <label key={band ?? 'none'} className="pref-chip">
            <input type="radio" name="age_band" value={band ?? ''} checked={ageBand === band} onChange={() => setAgeBand(band)} />
            <span>{band ? t(`acct_age_${band}`) : t('acct_not_specified')}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="pref-grid">
        <legend>{t('acct_travel_preferences')}</legend>
        {TRAVEL_PREFERENCES.map((p) => (
          <label key={p} className="pref-chip">
            <input type="checkbox" name="travelpreference" value={p} checked={prefs.includes(p)} onChange={() => toggle(p)} />
            <span>{t(`acct_pref_${p}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          <span>{busy ? t('acct_saving') : t('acct_save')}</span>
        </button>
        <div aria-live="polite" className="form-status">
          {status ? (
            <p className={`alert ${status.ok ? 'alert-success' : 'alert-error'}`} data-testid="travel-profile-status">
              {status.text}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
