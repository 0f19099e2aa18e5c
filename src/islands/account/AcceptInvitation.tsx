// /invitation?token=…: reads the invitation (GET /api/invitations/{token}) and accepts it (POST …/accept): a new person
// chooses names and a password (the sign-up rule), an account of the org gives its password; then, signed in with the
// role given, the person goes on to where that role starts (docs/contract.md#invitations).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MSG } from '../../shared/contract/auth-text';
import type { InvitationInfo } from '../../shared/contract/invitations';
import { dateFormat } from '../../shared/rules/format-day';
import { PERSON_MSG } from '../../shared/rules/person';
import { acceptInvitation, loadInvitation } from '../../stores/invitations';
import { $language, useT } from '../../stores/locale';
import { setSignedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { newPasswordErrors } from './ChangePassword';
import Field, { fieldA11y } from './Field';
import PasswordInput from './PasswordInput';
import { failureText, issuesByField, keyedText, translateMessage } from './signup-logic';
import { useFocusInvalid } from '../ui/useFocusInvalid';
import '../../styles/auth.css';

type Errors = Partial<Record<'first_name' | 'last_name' | 'password' | 'confirm_password', string>>;

/**
 * Where each role starts once signed in: a marketer on the console's marketing section (MARKETING_HOME of
 * src/islands/admin/console-nav.ts, named here so this page carries none of the console's labels).
 */
const LANDING: Record<InvitationInfo['role'], string> = { admin: '/admin', marketer: '/admin/links', agent: '/agent', user: '/' };

export default function AcceptInvitation() {
  const t = useT();
  const language = useStore($language);
  const [token] = useState(() => new URLSearchParams(location.search).get('token')?.trim() ?? '');
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [failure, setFailure] = useState(token ? '' : MSG.linkInvalid);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const focusInvalid = useFocusInvalid(() => form.current);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (!token) return;
    loadInvitation(token).then(setInfo, (err) => setFailure(failureText(err, MSG.linkInvalid)));
  }, [token]);
  useEffect(() => {
    if (done || failure) result.current?.focus();
  }, [done, failure]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !info) return;
    const next: Errors = info.has_account ? {} : newPasswordErrors(password, confirm);
    if (info.has_account && !password) next.password = MSG.signInPasswordRequired;
    if (!info.has_account && !firstName.trim()) next.first_name = PERSON_MSG.firstNameRequired;
    if (!info.has_account && !lastName.trim()) next.last_name = PERSON_MSG.lastNameRequired;
    setErrors(next);
    setFailure('');
    if (Object.keys(next).length) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      const body = info.has_account ? { password } : { first_name: firstName.trim(), last_name: lastName.trim(), password };
      const signedIn = await acceptInvitation(token, body);
      setSignedIn(signedIn);
      setDone(true);
      location.assign(LANDING[signedIn.role] ?? '/');
    } catch (err) {
      const status = (err as { status?: number } | null)?.status;
      const fields = issuesByField(err, (m) => keyedText(t, m));
      if (status === 400 && Object.keys(fields).length) {
        setErrors(fields);
        focusInvalid();
      } else if (status === 409) setFailure(t('invitation_last_admin'));
      else setFailure(failureText(err, MSG.linkInvalid));
      setBusy(false);
    }
  }

  const tr = (m?: string) => (m ? translateMessage(t, m) : undefined);
  /** A field's message goes as soon as the person edits it; the next submit checks it again. */
  const clear = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  if (done) {
    return (
      <p className="alert alert-success account-narrow" role="status" tabIndex={-1} ref={result} data-testid="invitation-done">
        {t('invitation_accepted')}
      </p>
    );
  }
  if (failure && !info) {
    return (
      <p className="alert alert-error account-narrow" role="alert" tabIndex={-1} ref={result} data-testid="invitation-error">
        {translateMessage(t, failure, true)}
      </p>
    );
  }
  if (!info) {
    return (
      <div className="account-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('invitation_checking')}</p>
      </div>
    );
  }

  const expires = dateFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(info.expires_at));
  return (
    <form ref={form} className="form panel account-narrow" noValidate onSubmit={onSubmit} aria-labelledby="invitation-intro" data-testid="invitation-form">
      <p id="invitation-intro" className="console-break">
        {t('invitation_intro', { org: info.org, email: info.email, role: t(`invitation_role_${info.role}`) })}
      </p>
      <p className="field-hint">{t(info.has_account ? 'invitation_existing_account' : 'invitation_new_account')}</p>
      {failure ? (
        <p className="alert alert-error" role="alert" tabIndex={-1} ref={result} data-testid="invitation-error">
          {translateMessage(t, failure, true)}
        </p>
      ) : null}
      {!info.has_account && (
        <>
          <Field id="invitation-first" label={t('auth_first_name')} error={tr(errors.first_name)}>
            <input className="input" autoComplete="given-name" {...fieldA11y('invitation-first', errors.first_name)} value={firstName} onChange={(e) => (setFirstName(e.target.value), clear('first_name'))} />
          </Field>
          <Field id="invitation-last" label={t('auth_last_name')} error={tr(errors.last_name)}>
            <input className="input" autoComplete="family-name" {...fieldA11y('invitation-last', errors.last_name)} value={lastName} onChange={(e) => (setLastName(e.target.value), clear('last_name'))} />
          </Field>
        </>
      )}
      <Field
        id="invitation-password"
        label={t('auth_password')}
        error={tr(errors.password)}
        hint={info.has_account ? undefined : t('auth_password_hint')}
      >
        <PasswordInput
          {...fieldA11y('invitation-password', errors.password, !info.has_account)}
          autoComplete={info.has_account ? 'current-password' : 'new-password'}
          value={password}
          onValue={(v) => (setPassword(v), clear('password'))}
        />
      </Field>
      {!info.has_account && (
        <Field id="invitation-confirm" label={t('auth_confirm_password')} error={tr(errors.confirm_password)}>
          <PasswordInput {...fieldA11y('invitation-confirm', errors.confirm_password)} autoComplete="new-password" value={confirm} onValue={(v) => (setConfirm(v), clear('confirm_password'))} />
        </Field>
      )}
      <p className="field-hint">{t('invitation_expires', { date: expires })}</p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          <span>{t('invitation_accept')}</span>
        </button>
      </div>
    </form>
  );
}
