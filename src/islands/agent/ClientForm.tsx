// A client's details as the agent enters them: the person fields of sign-up (src/islands/account/PersonFields) with the
// client's email and notes, checked here with the shared schema and again by the API.
import { useEffect, useState, type FormEvent } from 'react';
import { sanitizeEmail } from '../../shared/contract/auth-text';
import type { AgentClient } from '../../shared/contract/agent';

/** The API's client schema, with zod, comes when a person first saves a client (docs/decisions/0039-page-weight-by-interaction.md). */
const clientSchema = () => import('../../shared/contract/agent').then((m) => m.ClientSchema);
import { saveClient } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { loadCatalogues } from '../../stores/catalogues';
import Field, { fieldA11y } from '../account/Field';
import { fieldErrors } from '../account/signup-logic';
import PersonFields, { type Person } from '../account/PersonFields';
import { agentFailure, agentFieldErrors, fieldMessage } from './agent-ui';
import '../../styles/auth.css';

interface Props {
  initial?: AgentClient | null;
  onSaved: (client: AgentClient) => void;
  onCancel: () => void;
}

interface Form extends Person {
  email: string;
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
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const tr = (text?: string) => fieldMessage(t, text);

  useEffect(() => void loadCatalogues(), []);

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
    const checked = (await clientSchema()).safeParse(fields);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSaved(await saveClient(checked.data, initial?.client_id));
    } catch (err) {
      const byField = agentFieldErrors(t, err);
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(agentFailure(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="client-form">
      <PersonFields
        idPrefix="client"
        value={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        errors={{
          title: tr(errors.title),
          first_name: tr(errors.first_name),
          last_name: tr(errors.last_name),
          mobile: tr(errors.mobile_no ?? errors.phone_country_code ?? errors.country_code),
          nationality: tr(errors.nationality),
        }}
        forSomeoneElse
        autoFocus
      >
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
      </PersonFields>
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
