// A new password with its confirmation, checked by the shared rule: from a reset link (/change-password?token=…)
// or, signed in on My account, with the current password (POST /api/auth/changePassword either way).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MSG } from '../../shared/contract/auth-text';
import { PASSWORD_RULE_MESSAGE, passwordProblem } from '../../shared/rules/password';
import { changePassword } from '../../stores/account';
import { openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { runStartup } from '../../stores/startup';
import Field, { fieldA11y } from './Field';
import PasswordInput from './PasswordInput';
import { failureText, translateMessage } from './signup-logic';
import '../../styles/auth.css';
import { useFocusInvalid } from '../ui/useFocusInvalid';

interface Props {
  /** 'current' asks for the current password (signed in); otherwise the token comes from the address. */
  mode?: 'token' | 'current';
}

type Errors = Partial<Record<'current_password' | 'password' | 'confirm_password', string>>;

/** The step-2 rule of sign-up, field by field. */
export function newPasswordErrors(password: string, confirm: string): Errors {
  const errors: Errors = {};
  const problem = password ? passwordProblem(password) : PASSWORD_RULE_MESSAGE;
  if (problem) errors.password = problem;
  if (password !== confirm) errors.confirm_password = MSG.passwordsDoNotMatch;
  return errors;
}

export default function ChangePassword({ mode = 'token' }: Props) {
  const t = useT();
  const [token] = useState(() => (mode === 'token' ? (new URLSearchParams(location.search).get('token')?.trim() ?? '') : ''));
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState(mode === 'token' && !token ? MSG.linkInvalid : '');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(() => form.current);
  const result = useRef<HTMLParagraphElement>(null);
  const prefix = mode === 'token' ? 'reset' : 'profile';

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next = newPasswordErrors(password, confirm);
    if (mode === 'current' && !current) next.current_password = MSG.signInPasswordRequired;
    setErrors(next);
    setFailure('');
    if (Object.keys(next).length) {
      focusInvalid();
      return;
    }
    setBusy(true);
    try {
      const body = mode === 'token' ? { token, password, confirm_password: confirm } : { current_password: current, password, confirm_password: confirm };
      const r = await changePassword(body);
      setDone(r.message || MSG.passwordChanged);
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (err) {
      const text = failureText(err, MSG.linkInvalid);
      if (text === MSG.currentPasswordWrong) setErrors({ current_password: text });
      else setFailure(text);
    }
    setBusy(false);
  }

  const tr = (m?: string) => (m ? translateMessage(t, m) : undefined);

  if (done && mode === 'token') {
    return (
      <section className="account-status">
        <p className="alert alert-success" role="status" tabIndex={-1} ref={result} data-testid="change-password-done">
          {translateMessage(t, done, true)}
        </p>
        <button type="button" className="btn btn-primary btn-lg" onClick={() => openDialog('signin')}>
          {t('auth_signin_link')}
        </button>
      </section>
    );
  }

  const linkBroken = mode === 'token' && failure === MSG.linkInvalid;
  return (
    <form ref={form} className={`form ${mode === 'token' ? 'panel account-narrow' : ''}`} noValidate onSubmit={onSubmit} data-testid={`${prefix}-password-form`}>
      {failure ? (
        <p className="alert alert-error" role="alert" data-testid="change-password-error">
          {translateMessage(t, failure, true)}
        </p>
      ) : null}
      {done ? (
        <p className="alert alert-success" role="status" tabIndex={-1} ref={result} data-testid="change-password-done">
          {translateMessage(t, done, true)}
        </p>
      ) : null}
      {linkBroken ? (
        <button type="button" className="btn btn-secondary" onClick={() => openDialog('forgot')}>
          {t('auth_request_new_link')}
        </button>
      ) : (
        <>
          {mode === 'current' ? (
            <Field id={`${prefix}-current`} label={t('auth_current_password')} error={tr(errors.current_password)}>
              <PasswordInput
                {...fieldA11y(`${prefix}-current`, errors.current_password)}
                autoComplete="current-password"
                value={current}
                onValue={setCurrent}
              />
            </Field>
          ) : null}
          <Field id={`${prefix}-new`} label={t('auth_new_password')} error={tr(errors.password)} hint={t('auth_password_hint')}>
            <PasswordInput {...fieldA11y(`${prefix}-new`, errors.password, true)} autoComplete="new-password" value={password} onValue={setPassword} />
          </Field>
          <Field id={`${prefix}-confirm`} label={t('auth_confirm_password')} error={tr(errors.confirm_password)}>
            <PasswordInput {...fieldA11y(`${prefix}-confirm`, errors.confirm_password)} autoComplete="new-password" value={confirm} onValue={setConfirm} />
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              <span>{t('auth_save_password')}</span>
            </button>
          </div>
        </>
      )}
    </form>
  );
}
