// The enquiry form of the cruise, flight and help pages: name, e-mail, dates, travellers and a message, checked with the
// API's own schema; a field's error clears as soon as its value is valid.
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import Field, { fieldA11y } from '../account/Field';
import { useT } from '../../stores/locale';
import { $enquiryStatus, sendEnquiry } from '../../stores/enquiry';
import { ENQUIRY_MSG, type EnquiryKind } from '../../shared/contract/enquiry-text';

const ERROR_LABEL: Record<string, string> = {
  [ENQUIRY_MSG.name]: 'enquiry_err_name',
  [ENQUIRY_MSG.email]: 'enquiry_err_email',
  [ENQUIRY_MSG.invalidEmail]: 'enquiry_err_invalid_email',
  [ENQUIRY_MSG.message]: 'enquiry_err_message',
  [ENQUIRY_MSG.messageLength]: 'enquiry_err_message',
  [ENQUIRY_MSG.order]: 'enquiry_err_order',
  [ENQUIRY_MSG.travellers]: 'enquiry_err_travellers',
};

type Values = { name: string; email: string; check_in: string; check_out: string; travellers: string; message: string };
const EMPTY: Values = { name: '', email: '', check_in: '', check_out: '', travellers: '', message: '' };

/** The form is checked with the API's own schema, whose code (and zod's) comes when a person first sends the form. */
const schema = () => import('../../shared/contract/enquiry').then((m) => m.EnquirySchema);

async function check(kind: EnquiryKind, v: Values) {
  const parsed = (await schema()).safeParse({ kind, ...v, travellers: v.travellers === '' ? undefined : Number(v.travellers) });
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  return { parsed, errors };
}

export default function EnquiryForm({ kind, titleKey, withTrip = true }: { kind: EnquiryKind; titleKey: string; withTrip?: boolean }) {
  const t = useT();
  const id = useId();
  const status = useStore($enquiryStatus);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const say = (message: string | undefined) => (message ? t(ERROR_LABEL[message] ?? 'enquiry_failed') : undefined);

  function set(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] || (field === 'check_in' && errors.check_out)) {
      void check(kind, next).then(({ errors: now }) =>
        setErrors((e) => ({ ...e, [field]: now[field], ...(field === 'check_in' ? { check_out: now.check_out } : {}) })),
      );
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { parsed, errors: found } = await check(kind, values);
    setErrors(found);
    if (!parsed.success) {
      const first = Object.keys(found)[0];
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    await sendEnquiry(parsed.data);
    if ($enquiryStatus.get() === 'sent') setValues(EMPTY);
  }

  const f = (name: keyof Values) => `${id}-${name}`;
  return (
    <form ref={form} className="panel enquiry-form stack" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(titleKey)}</h2>
      <div className="enquiry-grid">
        <Field id={f('name')} label={t('enquiry_name')} error={say(errors.name)}>
          <input {...fieldA11y(f('name'), errors.name)} name="name" className="input" autoComplete="name" maxLength={80} value={values.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id={f('email')} label={t('enquiry_email')} error={say(errors.email)}>
          <input {...fieldA11y(f('email'), errors.email)} name="email" className="input" type="email" autoComplete="email" maxLength={254} value={values.email} onChange={(e) => set('email', e.target.value)} />
        </Field>
        {withTrip ? (
          <>
            <Field id={f('check_in')} label={t('enquiry_depart')} error={say(errors.check_in)}>
              <input {...fieldA11y(f('check_in'), errors.check_in)} name="check_in" className="input" type="date" value={values.check_in} onChange={(e) => set('check_in', e.target.value)} />
            </Field>
            <Field id={f('check_out')} label={t('enquiry_return')} error={say(errors.check_out)}>
              <input {...fieldA11y(f('check_out'), errors.check_out)} name="check_out" className="input" type="date" min={values.check_in || undefined} value={values.check_out} onChange={(e) => set('check_out', e.target.value)} />
            </Field>
            <Field id={f('travellers')} label={t('enquiry_travellers')} error={say(errors.travellers)}>
              <input {...fieldA11y(f('travellers'), errors.travellers)} name="travellers" className="input" type="number" inputMode="numeric" min={1} max={20} value={values.travellers} onChange={(e) => set('travellers', e.target.value)} />
            </Field>
          </>
        ) : null}
      </div>
      <Field id={f('message')} label={t('enquiry_message')} error={say(errors.message)}>
        <textarea {...fieldA11y(f('message'), errors.message)} name="message" className="input" rows={4} maxLength={2000} value={values.message} onChange={(e) => set('message', e.target.value)} />
      </Field>
      <div role="status" aria-live="polite">
        {status === 'sent' ? <p className="alert alert-success" data-testid="enquiry-sent">{t('enquiry_sent')}</p> : null}
        {status === 'failed' ? <p className="alert alert-error">{t('enquiry_failed')}</p> : null}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={status === 'sending'}>
          {status === 'sending' ? t('enquiry_sending') : t('enquiry_send')}
        </button>
      </div>
    </form>
  );
}
