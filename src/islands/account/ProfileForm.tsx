// /user/profile (My account): title, names, phone with country code, nationality, preferred language and currency,
// saved with PUT /api/profile under the sign-up rules; and the change-password form.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { saveProfile } from '../../stores/account';
import { flushSync } from 'react-dom';
import type { Profile, ProfileUpdateSchema } from '../../shared/contract/auth';

/**
 * The API's profile schema, with zod, comes when a person first saves (docs/decisions/0039-page-weight-by-interaction.md); a field's error
 * clears by it afterwards (errors exist only after a save, so it is there by then).
 */
let profileSchema: typeof ProfileUpdateSchema | null = null;
const loadProfileSchema = () => import('../../shared/contract/auth').then((m) => (profileSchema = m.ProfileUpdateSchema));
import { $currency, $currencyInfo, $language, loadCurrencyInfo, NATIVE_LANGUAGE_NAMES, useT, writeCookie } from '../../stores/locale';
import PersonFields, { type Person } from './PersonFields';
import ChangePassword from './ChangePassword';
import Field, { fieldA11y } from './Field';
import { failureMessage, fieldErrors, issuesOf, keyedText, translateMessage } from './signup-logic';
import { useErrorsThatClear } from './useErrorsThatClear';
import { useProfile } from './useProfile';
import '../../styles/auth.css';
import { useFocusInvalid } from '../ui/useFocusInvalid';

interface Form extends Person {
  language: string;
  currency: string;
}

function formOf(basic: Profile['basicprofile'][number]): Form {
  return {
    title: basic.title,
    firstName: basic.first_name,
    lastName: basic.last_name,
    nationality: basic.nationality,
    country: basic.country,
    isd: basic.phone_country_code,
    mobile: basic.mobile_no,
    language: basic.language,
    currency: basic.currency,
  };
}

/** On /user-details the form sits inside the "My account" section, so its headings step one level down. */
export default function ProfileForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 3 ? 'h3' : 'h2';
  const Sub = headingLevel === 3 ? 'h4' : 'h3';
  const t = useT();
  const { state, basic } = useProfile();
  const info = useStore($currencyInfo);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(() => formRef.current);

  const body = useMemo(
    () =>
      form && {
        title: form.title,
        first_name: form.firstName,
        last_name: form.lastName,
        nationality: form.nationality,
        country: form.country,
        phone_country_code: form.mobile ? form.isd : '',
        mobile_no: form.mobile,
        language: form.language,
        currency: form.currency,
      },
    [form],
  );
  useErrorsThatClear(body, (v) => (profileSchema ? issuesOf(profileSchema.safeParse(v)) : []), setErrors);

  useEffect(() => void loadCurrencyInfo(), []);
  useEffect(() => {
    if (basic && !form) setForm(formOf(basic));
  }, [basic]);

  if (state === 'checking' || state === 'signed-out') return null;
  if (state === 'failed')
    return (
      <p className="alert alert-error" role="alert">
        {t('acct_load_failed')}
      </p>
    );
  if (!form || !basic)
    return (
      <div className="account-status" role="status">
        <span className="spinner" aria-hidden="true" />
      </div>
    );

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => f && { ...f, [key]: value });
  const tr = (m?: string) => (m ? translateMessage(t, m) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !form || !body) return;
    setStatus(null);
    const parsed = (profileSchema ?? (await loadProfileSchema())).safeParse(body);
    if (!parsed.success) {
      // After the schema's import the update is no longer the submit event's: render it now, so the focus finds the field.
      flushSync(() => {
        setErrors(fieldErrors(parsed.error.issues));
        setStatus({ ok: false, text: t('acct_fix_errors') });
      });
      focusInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveProfile(parsed.data);
      // The chosen language and currency apply to the whole site at once: the pages are dressed from these cookies.
      if (form.language !== $language.get() || form.currency !== $currency.get()) {
        writeCookie('lan_code', form.language);
        writeCookie('currency_code', form.currency);
        location.reload();
        return;
      }
      setStatus({ ok: true, text: t('acct_saved') });
    } catch (err) {
      setStatus({ ok: false, text: keyedText(t, failureMessage(err, t('acct_load_failed'))) });
    }
    setBusy(false);
  }

  const languages = info?.languages ?? Object.entries(NATIVE_LANGUAGE_NAMES).map(([code, name], id) => ({ id, code, name }));
  const currencies = info?.currencies ?? [{ id: 9, code: form.currency || 'USD', name: form.currency || 'USD', status: 1, flag: '' }];

  return (
    <div className="account-page" data-testid="profile-page">
      <form ref={formRef} className="panel form account-section" noValidate onSubmit={onSubmit} aria-labelledby="profile-details-title" data-testid="profile-form">
        <H id="profile-details-title">{t('acct_personal_details')}</H>
        <Field id="profile-email" label={t('auth_email')} hint={t('acct_email_fixed')}>
          <input {...fieldA11y('profile-email', undefined, true)} className="input" type="email" value={basic.email} readOnly />
        </Field>
        <PersonFields
          idPrefix="profile"
          value={form}
          onChange={(patch) => setForm((f) => f && { ...f, ...patch })}
          errors={{ title: tr(errors.title), first_name: tr(errors.first_name), last_name: tr(errors.last_name), mobile: tr(errors.mobile_no) }}
        />
        <Sub className="account-subtitle">{t('acct_preferences')}</Sub>
        <div className="form-row">
          <Field id="profile-language" label={t('acct_language')} error={tr(errors.language)}>
            <select {...fieldA11y('profile-language', errors.language)} className="select" value={form.language} onChange={(e) => set('language', e.target.value)}>
              {languages.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {NATIVE_LANGUAGE_NAMES[l.code] ?? l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="profile-currency" label={t('acct_currency')} error={tr(errors.currency)}>
            <select {...fieldA11y('profile-currency', errors.currency)} className="select" value={form.currency} onChange={(e) => set('currency', e.target.value)}>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            <span>{busy ? t('acct_saving') : t('acct_save')}</span>
          </button>
          <div aria-live="polite" className="form-status">
            {status ? (
              <p className={`alert ${status.ok ? 'alert-success' : 'alert-error'}`} data-testid="profile-status">
                {status.text}
              </p>
            ) : null}
          </div>
        </div>
      </form>
      <section className="panel account-section" aria-labelledby="profile-password-title">
        <H id="profile-password-title">{t('acct_change_password')}</H>
        {basic.has_password ? <ChangePassword mode="current" /> : <p>{t('acct_no_password_yet')}</p>}
      </section>
    </div>
  );
}
