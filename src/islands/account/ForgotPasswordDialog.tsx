// The forgot-password dialog: asks for the account's email and sends a reset link (the answer never tells whether it exists).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ForgotPasswordBody, MSG, sanitizeEmail } from '../../shared/contract/auth';
import { forgotPassword } from '../../stores/account';
import { closeDialog, openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { STORAGE, storedValue } from '../../stores/session';
import Dialog from '../ui/Dialog';
import Field, { fieldA11y } from './Field';
import { failureMessage, fieldErrors, keyedText, translateMessage } from './signup-logic';
import '../../styles/auth.css';

export default function ForgotPasswordDialog() {
  const t = useT();
  const [email, setEmail] = useState(() => storedValue(STORAGE.rememberedEmail) ?? '');
  const [error, setError] = useState('');
  const [serverError, setServerError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  // The form is replaced by the answer: focus moves to its button instead of getting lost.
  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = ForgotPasswordBody.safeParse({ email_id: email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).email_id ?? MSG.emailInvalid);
      requestAnimationFrame(() => inputRef.current?.focus());
      return;
    }
    setError('');
    setServerError('');
    setBusy(true);
    try {
      const reply = await forgotPassword(parsed.data);
      setSent(translateMessage(t, reply.message || MSG.forgotPasswordSent, true));
    } catch (err) {
      setServerError(keyedText(t, failureMessage(err, MSG.tooManyAttempts), true));
    }
    setBusy(false);
  }

  return (
    <Dialog
      title={t('auth_forgot_title')}
      subtitle={sent ? undefined : t('auth_forgot_intro')}
      onClose={closeDialog}
      closeLabel={t('auth_close')}
      closeOnEscape
      className="auth-dialog"
    >
      {sent ? (
        <div className="auth-done">
          <p className="alert alert-success" role="status" data-testid="forgot-sent">
            {sent}
          </p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => openDialog('signin')} ref={doneRef}>
            {t('auth_back_to_signin')}
          </button>
        </div>
      ) : (
        <>
          <div className="auth-alert-slot" aria-live="assertive">
            {serverError ? (
              <p className="alert alert-error auth-alert" role="alert">
                {serverError}
              </p>
            ) : null}
          </div>
          <form className="form auth-form" noValidate onSubmit={onSubmit}>
            <Field id="forgot-email" label={t('auth_email')} error={error ? translateMessage(t, error) : undefined}>
              <input
                ref={inputRef}
                {...fieldA11y('forgot-email', error)}
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(e) => setEmail(sanitizeEmail(e.target.value))}
                data-autofocus
              />
            </Field>
            <button type="submit" className="btn btn-primary btn-block btn-lg" aria-busy={busy || undefined}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              <span>{t('auth_forgot_send')}</span>
            </button>
          </form>
          <p className="auth-switch">
            <button type="button" className="btn-link auth-link" onClick={() => openDialog('signin')}>
              {t('auth_back_to_signin')}
            </button>
          </p>
        </>
      )}
    </Dialog>
  );
}
