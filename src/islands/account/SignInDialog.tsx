// The sign-in dialog (docs/product.md#screens, docs/product.md#states, docs/product.md#validation): email and password, remember me, social sign-in, links to sign-up and reset.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { MSG, sanitizeEmail, SignInFormSchema, type LoginResult } from '../../shared/contract/auth';
import { signIn } from '../../stores/account';
import { closeDialog, openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { applySignIn, STORAGE, storedValue } from '../../stores/session';
import { $nationality } from '../../stores/startup';
import Dialog from '../ui/Dialog';
import Field, { fieldA11y } from './Field';
import PasswordInput from './PasswordInput';
import SocialButtons from './SocialButtons';
import SecondFactorStep from './SecondFactorStep';
import { CLIENT_MSG, failureMessage, fieldErrors, issuesOf, keyedText, translateMessage, usrTypeFor } from './signup-logic';
import { useErrorsThatClear } from './useErrorsThatClear';
import { PopupBlocked, providerToken, tokenField, type Provider } from './social';
import '../../styles/auth.css';
import { useFocusInvalid } from '../ui/useFocusInvalid';

type Errors = Partial<Record<'email_id' | 'password', string>>;

interface Credentials {
  email: string;
  password: string;
  googletoken?: string;
  fbtoken?: string;
}

/** The contract's sign-in body (docs/contract.md#sign-in) around what the person entered. */
function signInBody(c: Credentials, remember: boolean) {
  return {
    jsonSign: {
      usr_type: usrTypeFor(c.email),
      email_id: c.email,
      password: c.password,
      googletoken: c.googletoken ?? '',
      fbtoken: c.fbtoken ?? '',
      site_url: location.origin,
      accesscode: '',
      isPasswordAttempt: c.password ? 1 : 0,
      promotions: { isPromotionVisited: 0 },
      userdetails: { usr_email_id: c.email, first_name: '', last_name: '', mastercode: '' },
      remember,
    },
    navAgent: navigator.userAgent,
  };
}

/** After a successful sign-in: keep it, then the promotions page or a reload (docs/product.md#states). The modal closes. */
export function finishSignIn(result: LoginResult, opts: { remember?: boolean; email?: string } = {}) {
  const next = applySignIn(result, opts);
  if (result.nationality !== null) $nationality.set(String(result.nationality));
  closeDialog();
  if (next) return location.assign(next);
  // Reloaded without ?signup=1 / ?action=login, which would open a dialog again (and skip the login check).
  const url = new URL(location.href);
  for (const p of ['signup', 'action']) url.searchParams.delete(p);
  if (url.href === location.href) location.reload();
  else location.replace(url.href);
}

export default function SignInDialog() {
  const t = useT();
  const remembered = storedValue(STORAGE.rememberedEmail) ?? '';
  const [email, setEmail] = useState(remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [errors, setErrors] = useState<Errors>({});
  const values = useMemo(() => ({ email_id: email, password }), [email, password]);
  useErrorsThatClear(values, (v) => issuesOf(SignInFormSchema.safeParse(v)), setErrors);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState<'password' | Provider | null>(null);
  /** After a right password on an account with a second factor: the second step's challenge. */
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(() => formRef.current);

  async function send(c: Credentials, via: 'password' | Provider) {
    setBusy(via);
    setServerError('');
    try {
      const reply = await signIn(signInBody(c, remember));
      if (reply.status === 'success' && reply.result) {
        finishSignIn(reply.result, { remember, email: c.email || reply.result.email });
        return;
      }
      if (reply.status === 'second_factor') {
        setPassword('');
        setChallenge({ id: reply.challenge, email: c.email });
        setBusy(null);
        return;
      }
      setServerError(translateMessage(t, MSG.invalidCredentials, true));
    } catch (e) {
      setServerError(keyedText(t, failureMessage(e, MSG.invalidCredentials), true));
    }
    setBusy(null);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = SignInFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setServerError('');
      focusInvalid();
      return;
    }
    setErrors({});
    void send({ email: parsed.data.email_id, password: parsed.data.password }, 'password');
  }

  function onSocial(provider: Provider) {
    setServerError('');
    setBusy(provider);
    providerToken(provider).then(
      (token) => send({ email: '', password: '', [tokenField(provider)]: token }, provider),
      (err) => {
        setBusy(null);
        setServerError(translateMessage(t, err instanceof PopupBlocked ? CLIENT_MSG.popupBlocked : CLIENT_MSG.socialCancelled, true));
      },
    );
  }

  const tr = (message?: string) => (message ? translateMessage(t, message) : undefined);

  if (challenge) {
    return (
      <Dialog title={t('twofa_step_title')} subtitle={challenge.email} onClose={closeDialog} closeLabel={t('auth_close')} className="auth-dialog">
        <SecondFactorStep
          challenge={challenge.id}
          remember={remember}
          onSignedIn={(result) => finishSignIn(result, { remember, email: challenge.email || result.email })}
          onBack={() => setChallenge(null)}
        />
      </Dialog>
    );
  }

  return (
    <Dialog title={t('auth_signin_title')} subtitle={t('auth_signin_subtitle')} onClose={closeDialog} closeLabel={t('auth_close')} className="auth-dialog">
      <div className="auth-alert-slot" aria-live="assertive">
        {serverError ? (
          <p className="alert alert-error auth-alert" role="alert" data-testid="signin-error">
            {serverError}
          </p>
        ) : null}
      </div>
      <form ref={formRef} className="form auth-form" noValidate onSubmit={onSubmit}>
        <Field id="signin-email" label={t('auth_email')} error={tr(errors.email_id)}>
          <input
            {...fieldA11y('signin-email', errors.email_id)}
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(sanitizeEmail(e.target.value))}
            data-autofocus
          />
        </Field>
        <Field id="signin-password" label={t('auth_password')} error={tr(errors.password)}>
          <PasswordInput {...fieldA11y('signin-password', errors.password)} name="password" autoComplete="current-password" value={password} onValue={setPassword} />
        </Field>
        <div className="auth-row">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>{t('auth_remember')}</span>
          </label>
          <button type="button" className="btn-link auth-link" onClick={() => openDialog('forgot')}>
            {t('auth_forgot_link')}
          </button>
        </div>
        <button type="submit" className="btn btn-primary btn-block btn-lg" aria-busy={busy === 'password' || undefined} disabled={busy !== null && busy !== 'password'}>
          {busy === 'password' ? <span className="spinner" aria-hidden="true" data-testid="signin-spinner" /> : null}
          <span>{busy === 'password' ? t('auth_signing_in') : t('auth_login')}</span>
        </button>
      </form>
      <SocialButtons
        labels={{ google: 'auth_google_signin', facebook: 'auth_facebook_signin' }}
        busy={busy === 'google' || busy === 'facebook' ? busy : null}
        disabled={busy === 'password'}
        divider={t('auth_or')}
        onChoose={onSocial}
      />
      <p className="auth-switch">
        {t('auth_no_account')}{' '}
        <button type="button" className="btn-link auth-link" onClick={() => openDialog('signup')}>
          {t('auth_signup_link')}
        </button>
      </p>
    </Dialog>
  );
}
