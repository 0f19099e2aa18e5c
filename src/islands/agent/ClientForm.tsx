// A client's details as the agent enters them: the sign-up field rules, with the same nationality type-ahead and
// country-code selector (src/islands/account), checked here with the shared schema and again by the API.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../shared/api-client';
import { TITLES, filterMobile, filterName, sanitizeEmail } from '../../shared/schemas/auth';
import { ClientSchema, type AgentClient } from '../../shared/schemas/agent';
import { saveClient } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { $countries, $nationalities, $org, loadCatalogues } from '../../stores/startup';
import CountryCodeSelect from '../account/CountryCodeSelect';
import Field, { fieldA11y } from '../account/Field';
import NationalityTypeahead from '../account/NationalityTypeahead';
import { fieldErrors, findCountry, type CountryOption } from '../account/signup-logic';
import { agentFailure, fieldMessage } from './agent-ui';
import '../../styles/auth.css';

interface Props {
  initial?: AgentClient | null;
  onSaved: (client: AgentClient) => void;
  onCancel: () => void;
}

interface Form {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  nationality: number | null;
  country: string;
  isd: string;
  mobile: string;
  notes: string;
}

const formOf = (c?: AgentClient | null): Form => ({
  title: c?.title ?? '',
  firstName: c?.first_name ?? '',
  lastName: c?.last_name ?? '',
  email: c?.email ?? '',
  nationality: c?.nationality ?? null,
  country: c?.country_code ?? '',
  isd: c?.phone_country_code ?? '',
  mobile: c?.mobile_no ?? '',
  notes: c?.notes ?? '',
});

export default function ClientForm({ initial, onSaved, onCancel }: Props) {
  const t = useT();
  const countries = useStore($countries);
  const nationalities = useStore($nationalities);
  const org = useStore($org);
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const tr = (text?: string) => fieldMessage(t, text);

  useEffect(() => void loadCatalogues(), []);
  // Until the agent picks one, the phone's country is the client's own, else the org's, else the default country.
  useEffect(() => {
    if (form.country || countries.length === 0) return;
    const orgCountry = org?.orgBySite?.orgCountryData?.code ?? '';
    const c = findCountry(countries, form.isd, orgCountry) ?? countries.find((x) => x.countryCode === orgCountry) ?? countries.find((x) => x.default_country === 1);
    if (c) setForm((f) => ({ ...f, country: c.countryCode, isd: f.isd || c.isdCode }));
  }, [countries, org, form.country]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure('');
    const fields = {
      title: form.title,
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      nationality: form.nationality,
      country_code: form.country,
      phone_country_code: form.isd,
      mobile_no: form.mobile,
      notes: form.notes,
    };
    const checked = ClientSchema.safeParse(fields);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSaved(await saveClient(checked.data, initial?.client_id));
    } catch (err) {
      const issues = err instanceof ApiFailure ? (err.body?.error?.issues ?? []) : [];
      const byField = Object.fromEntries(issues.filter((i) => i.path).map((i) => [i.path.split('.')[0]!, i.message]));
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(agentFailure(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="client-form">
      <div className="form-row">
        <Field id="client-title" label={t('auth_title')} error={tr(errors.title)}>
          <select {...fieldA11y('client-title', errors.title)} className="select" value={form.title} onChange={(e) => set('title', e.target.value)} data-autofocus>
            <option value="">{t('auth_title_choose')}</option>
            {TITLES.map((title) => (
              <option key={title} value={title}>
                {t(`auth_title_${title}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="client-first" label={t('auth_first_name')} error={tr(errors.first_name)}>
          <input
            {...fieldA11y('client-first', errors.first_name)}
            className="input"
            autoComplete="off"
            value={form.firstName}
            onChange={(e) => set('firstName', filterName(e.target.value))}
          />
        </Field>
        <Field id="client-last" label={t('auth_last_name')} error={tr(errors.last_name)}>
          <input
            {...fieldA11y('client-last', errors.last_name)}
            className="input"
            autoComplete="off"
            value={form.lastName}
            onChange={(e) => set('lastName', filterName(e.target.value))}
          />
        </Field>
      </div>
      <Field id="client-email" label={t('auth_email')} error={tr(errors.email)}>
        <input
          {...fieldA11y('client-email', errors.email)}
          className="input"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => set('email', sanitizeEmail(e.target.value))}
        />
      </Field>
      <Field id="client-mobile" label={t('auth_phone')} note={t('auth_optional')} error={tr(errors.mobile_no ?? errors.phone_country_code ?? errors.country_code)}>
        <div className="phone-group">
          <CountryCodeSelect
            id="client-country-code"
            countries={countries}
            value={form.country}
            onChange={(c: CountryOption) => setForm((f) => ({ ...f, country: c.countryCode, isd: c.isdCode }))}
          />
          <input
            {...fieldA11y('client-mobile', errors.mobile_no ?? errors.phone_country_code)}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            value={form.mobile}
            onChange={(e) => set('mobile', filterMobile(e.target.value))}
          />
        </div>
      </Field>
      <Field id="client-nationality" label={t('auth_nationality')} note={t('auth_optional')} hint={t('auth_nationality_hint')} error={tr(errors.nationality)}>
        <NationalityTypeahead
          id="client-nationality"
          nationalities={nationalities}
          value={form.nationality}
          onChange={(id) => set('nationality', id)}
          describedBy="client-nationality-hint"
          invalid={Boolean(errors.nationality)}
        />
      </Field>
      <Field id="client-notes" label={t('agent_client_notes')} note={t('auth_optional')} error={tr(errors.notes)}>
        <textarea
          {...fieldA11y('client-notes', errors.notes)}
          className="textarea"
          rows={3}
          maxLength={1000}
          value={form.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
      </Field>
      <div aria-live="polite">{failure ? <p className="alert alert-error">{failure}</p> : null}</div>
      <div className="agent-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('agent_cancel')}
        </button>
        <button type="submit" className="btn btn-primary" aria-busy={busy || undefined} disabled={busy} data-testid="client-save">
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          <span>{busy ? t('agent_saving') : t('agent_client_save')}</span>
        </button>
      </div>
    </form>
  );
}
