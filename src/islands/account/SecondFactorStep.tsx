// The sign-in dialog's second step (docs/decisions/0067-second-factor.md): after a right password on an account with a
// second factor, the 6-digit code from the authenticator app, a recovery code instead, or a passkey.
import { useRef, useState, type FormEvent } from 'react';
import type { LoginResult } from '../../shared/contract/auth';
import { TWOFA_MSG } from '../../shared/contract/second-factor-text';
import { completeSecondFactor, passkeySignIn } from '../../stores/security';
import { useT } from '../../stores/locale';
import Field, { fieldA11y } from './Field';
import { failureMessage, keyedText } from './signup-logic';

interface Props {
  challenge: string;
  remember: boolean;
  onSignedIn: (result: LoginResult) => void;
  onBack: () => void;
}

export default function SecondFactorStep({ challenge, remember, onSignedIn, onBack }: Props) {
  const t = useT();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = mode === 'code' ? 'signin-2fa-code' : 'signin-2fa-recovery';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const entered = mode === 'code' ? value.replace(/\s+/g, '') : value.trim();
    if (mode === 'code' ? !/^\d{6}$/.test(entered) : !entered) {
      setFieldError(t('twofa_code_missing'));
      input.current?.focus();
      return;
    }
    setFieldError('');
    setServerError('');
    setBusy('code');
    try {
      const reply = await completeSecondFactor(challenge, mode === 'code' ? { code: entered } : { recovery_code: entered });
      onSignedIn(reply.result);
      return;
    } catch (err) {
      setServerError(keyedText(t, failureMessage(err, TWOFA_MSG.secondFactorWrong), true));
      setValue('');
      input.current?.focus();
    }
    setBusy(null);
  }

  async function onPasskey() {
    setServerError('');
    setBusy('passkey');
    try {
      const reply = await passkeySignIn(remember);
      onSignedIn(reply.result);
      return;
    } catch (err) {
      const status = (err as { status?: unknown } | null)?.status;
      setServerError(typeof status === 'number' ? keyedText(t, failureMessage(err, TWOFA_MSG.passkeySignInFailed), true) : t('twofa_passkey_failed'));
    }
    setBusy(null);
  }

  function switchMode() {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setFieldError('');
  }

  return (
    <div className="auth-second-step" data-testid="signin-second-step">
      <p className="auth-step-lede">{t(mode === 'code' ? 'twofa_step_subtitle' : 'twofa_step_subtitle_recovery')}</p>
      <div className="auth-alert-slot" aria-live="assertive">
        {serverError ? (
          <p className="alert alert-error auth-alert" role="alert" data-testid="signin-error">
            {serverError}
          </p>
        ) : null}
      </div>
      <form className="form auth-form" noValidate onSubmit={onSubmit}>
        <Field id={id} label={t(mode === 'code' ? 'twofa_code' : 'twofa_recovery_code')} error={fieldError || undefined}>
          <input
            {...fieldA11y(id, fieldError || undefined)}
            ref={input}
            key={mode}
            className="input"
            type="text"
            name={mode === 'code' ? 'one-time-code' : 'recovery-code'}
            autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={mode === 'code' ? 7 : 32}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-autofocus
            autoFocus
          />
        </Field>
        <div className="auth-row">
          <button type="button" className="btn-link auth-link" onClick={switchMode}>
            {t(mode === 'code' ? 'twofa_use_recovery' : 'twofa_use_app')}
          </button>
        </div>
        <button type="submit" className="btn btn-primary btn-block btn-lg" aria-busy={busy === 'code' || undefined} disabled={busy === 'passkey'}>
          {busy === 'code' ? <span className="spinner" aria-hidden="true" /> : null}
          <span>{busy === 'code' ? t('twofa_verifying') : t('twofa_verify')}</span>
        </button>
      </form>
      <p className="divider-text">{t('auth_or')}</p>
      <button type="button" className="btn btn-secondary btn-block" aria-busy={busy === 'passkey' || undefined} disabled={busy === 'code'} onClick={onPasskey}>
        {t('twofa_use_passkey')}
      </button>
      <p className="auth-switch">
        <button type="button" className="btn-link auth-link" onClick={onBack}>
          {t('twofa_back')}
        </button>
      </p>
    </div>
  );
}
