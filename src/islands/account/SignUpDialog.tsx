// The sign-up dialog (docs/product.md#screens, docs/product.md#states, docs/product.md#validation): details (with access code, nationality and phone), then the account-exists and
// access-code checks, then the password step for email sign-ups, then the confirmation or welcome panel.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../ui/useFocusInvalid';
import { filterName, MSG, sanitizeEmail, signUpDetailsSchema, SignUpPasswordStepSchema, type LoginResult } from '../../shared/contract/auth';
import { checkAccountExists, signUp, validateAccessCode, type SignUpBody } from '../../stores/account';
import { closeDialog, openDialog } from '../../stores/dialogs';
import { $currency, $language, readCookie, useT } from '../../stores/locale';
import { $org } from '../../stores/startup';
import Dialog from '../ui/Dialog';
import Field, { errorId, fieldA11y } from './Field';
import PasswordInput from './PasswordInput';
import SocialButtons from './SocialButtons';
import { accessCodeShown, CLIENT_MSG, failureMessage, fieldErrors, idTokenProfile, issuesOf, keyedText, readInvitation, signUpOutcome, translateMessage } from './signup-logic';
import { useErrorsThatClear } from './useErrorsThatClear';
import PersonFields, { type Person } from './PersonFields';
import { PopupBlocked, providerToken, socialProfile, type Provider } from './social';
import { finishSignIn } from './SignInDialog';
import '../../styles/auth.css';

type Step = 'details' | 'password' | 'done';
type Errors = Record<string, string | undefined>;

interface Details extends Person {
  accesscode: string;
  email: string;
}

export default function SignUpDialog() {
  const t = useT();
  const org = useStore($org);
  const invitation = useMemo(() => readInvitation(location.search), []);
  const referralCode = invitation.referral_code || readCookie('referral_code') || '';
  const referralOrg = invitation.referral_org || readCookie('referral_org') || '';
  const showAccessCode = accessCodeShown(org?.accessCodeRequired, referralCode);

  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<Details>({
    accesscode: invitation.mastercode,
    email: invitation.email,
    title: invitation.title,
    firstName: invitation.firstname,
    lastName: invitation.lastname,
    nationality: null,
    country: '',
    isd: '',
    mobile: invitation.phonenumber,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [social, setSocial] = useState<{ provider: Provider; token: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState<'form' | Provider | null>(null);
  const [done, setDone] = useState<{ text: string; result: LoginResult | null } | null>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const passwordForm = useRef<HTMLFormElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLDivElement>(null);
  const focusInvalidDetail = useFocusInvalid(() => detailsForm.current);
  const focusInvalidPassword = useFocusInvalid(() => passwordForm.current);

  const set = <K extends keyof Details>(key: K, value: Details[K]) => setDetails((d) => ({ ...d, [key]: value }));
  const detailValues = useMemo(
    () => ({ accesscode: details.accesscode, email_id: details.email, title: details.title, first_name: details.firstName, last_name: details.lastName, mobile_no: details.mobile }),
    [details, showAccessCode],
  );
  useErrorsThatClear(detailValues, (v) => issuesOf(signUpDetailsSchema(showAccessCode).safeParse(v)), setErrors);
  const passwordValues = useMemo(() => ({ password, confirm_password: confirm, terms_accepted: terms }), [password, confirm, terms]);
  useErrorsThatClear(passwordValues, (v) => issuesOf(SignUpPasswordStepSchema.safeParse(v)), setErrors, ['confirm_password']);

  useEffect(() => {
    if (step === 'done') doneButton.current?.focus();
    if (step === 'password') passwordInput.current?.querySelector('input')?.focus();
  }, [step]);

  const tr = (message?: string) => (message ? translateMessage(t, message) : undefined);

  async function onSocial(provider: Provider) {
    setFormError('');
    setBusy(provider);
    let token: string;
    try {
      token = await providerToken(provider);
    } catch (err) {
      setBusy(null);
      setFormError(translateMessage(t, err instanceof PopupBlocked ? CLIENT_MSG.popupBlocked : CLIENT_MSG.socialCancelled, true));
      return;
    }
    let profile = { email: '', firstName: '', lastName: '' };
    try {
      const p = await socialProfile(provider, token);
      profile = { email: p.email, firstName: p.first_name, lastName: p.last_name };
    } catch (err) {
      if (provider !== 'google') {
        setBusy(null);
        setFormError(keyedText(t, failureMessage(err, MSG.invalidCredentials), true));
        return;
      }
      profile = idTokenProfile(token);
    }
    setDetails((d) => ({
      ...d,
      email: sanitizeEmail(profile.email) || d.email,
      firstName: filterName(profile.firstName) || d.firstName,
      lastName: filterName(profile.lastName) || d.lastName,
    }));
    setSocial({ provider, token });
    setErrors({});
    setBusy(null);
    focusFirstInvalidOrEmpty(detailsForm.current);
  }

  async function onDetails(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError('');
    const parsed = signUpDetailsSchema(showAccessCode).safeParse(detailValues);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusInvalidDetail();
      return;
    }
    setErrors({});
    setBusy('form');
    try {
      const exists = await checkAccountExists(parsed.data.email_id);
      if (exists.code === 201) {
        setErrors({ email_id: exists.resp || MSG.userExists });
        focusInvalidDetail();
        return;
      }
      if (showAccessCode) {
        const code = await validateAccessCode(details.accesscode.trim(), parsed.data.email_id);
        if (!code.status) {
          setErrors({ accesscode: code.resp || MSG.invalidAccessCode });
          focusInvalidDetail();
          return;
        }
      }
      if (social) await register();
      else setStep('password');
    } catch (err) {
      setFormError(keyedText(t, failureMessage(err, MSG.signUpFailed), true));
    } finally {
      setBusy(null);
    }
  }

  async function onPassword(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError('');
    const parsed = SignUpPasswordStepSchema.safeParse(passwordValues);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusInvalidPassword();
      return;
    }
    setErrors({});
    setBusy('form');
    try {
      await register();
    } finally {
      setBusy(null);
    }
  }

  /** POST /api/signUp with everything gathered; the outcome follows docs/product.md#states, docs/product.md#error-messages. */
  async function register() {
    // The details as their step checked them (the title one of the titles); a change since then goes back to that step.
    const checked = signUpDetailsSchema(showAccessCode).safeParse(detailValues);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      setStep('details');
      return;
    }
    const body: SignUpBody = {
      jsonRegister: {
        promotions: { isPromotionVisited: 0 },
        accesscode: showAccessCode ? details.accesscode.trim() : '',
        email_id: sanitizeEmail(details.email),
        password: social ? '' : password,
        confirm_password: social ? undefined : confirm,
        terms_accepted: social ? undefined : terms,
        googletoken: social?.provider === 'google' ? social.token : '',
        fbtoken: social?.provider === 'facebook' ? social.token : '',
        nationality: details.nationality,
        site_url: location.origin,
        mastercode: invitation.mastercode,
        referral_code: referralCode,
        language: $language.get(),
        currency: $currency.get(),
        title: checked.data.title,
        site_id: org?.orgId ?? null,
        client_ip_address: '',
        true_client_ip: '',
        trip_id: invitation.tripid || null,
        referral_org: referralOrg,
        userdetails: {
          email_id: sanitizeEmail(details.email),
          first_name: details.firstName.trim(),
          last_name: details.lastName.trim(),
          country_code: details.country,
          mobile_no: details.mobile,
          mobile_country_code: details.mobile ? details.isd : '',
        },
      },
    };
    let reply: unknown;
    try {
      reply = await signUp(body);
    } catch (err) {
      setFormError(keyedText(t, failureMessage(err, MSG.signUpFailed), true));
      return;
    }
    const outcome = signUpOutcome(reply, social !== null);
    if (outcome.kind === 'error') {
      setFormError(translateMessage(t, outcome.text, true));
      return;
    }
    setDone({ text: translateMessage(t, outcome.text, true), result: (reply as { result?: LoginResult }).result ?? null });
    setStep('done');
  }

  function onDoneClose() {
    if (done?.result) finishSignIn(done.result);
    else closeDialog();
  }

  const alert = formError ? (
    <p className="alert alert-error auth-alert" role="alert" data-testid="signup-error">
      {formError}
    </p>
  ) : null;

  if (step === 'done' && done) {
    return (
      <Dialog title={done.result ? t('auth_welcome_title') : t('auth_signup_done_title')} onClose={onDoneClose} closeLabel={t('auth_close')} className="auth-dialog">
        <div className="auth-done">
          <svg className="auth-done__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
            <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p className="auth-done__text" role="status" data-testid="signup-done">
            {done.text}
          </p>
          <button ref={doneButton} type="button" className="btn btn-primary btn-block" onClick={onDoneClose}>
            {t('auth_ok')}
          </button>
        </div>
      </Dialog>
    );
  }

  if (step === 'password') {
    return (
      <Dialog
        title={t('auth_password_step_title')}
        subtitle={t('auth_step_password')}
        onClose={closeDialog}
        closeLabel={t('auth_close')}
        className="auth-dialog"
        leading={
          <button
            type="button"
            className="dialog-close auth-back"
            aria-label={t('auth_back')}
            onClick={() => {
              setErrors({});
              setFormError('');
              setStep('details');
            }}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
        }
      >
        <div className="auth-alert-slot" aria-live="assertive">
          {alert}
        </div>
        <form ref={passwordForm} className="form auth-form" noValidate onSubmit={onPassword}>
          <Field id="signup-password" label={t('auth_password')} error={tr(errors.password)} hint={t('auth_password_hint')}>
            <div ref={passwordInput}>
              <PasswordInput {...fieldA11y('signup-password', errors.password, true)} name="new-password" autoComplete="new-password" value={password} onValue={setPassword} />
            </div>
          </Field>
          <Field id="signup-confirm" label={t('auth_confirm_password')} error={tr(errors.confirm_password)}>
            <PasswordInput {...fieldA11y('signup-confirm', errors.confirm_password)} name="confirm-password" autoComplete="new-password" value={confirm} onValue={setConfirm} />
          </Field>
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                id="signup-terms"
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
                aria-invalid={errors.terms_accepted ? true : undefined}
                aria-describedby={errors.terms_accepted ? errorId('signup-terms') : undefined}
              />
              <span>
                {t('auth_terms_before')}{' '}
                <a href="/privacy-policy" target="_blank" rel="noopener">
                  {t('auth_privacy_policy')}
                </a>{' '}
                {t('auth_terms_between')}{' '}
                <a href="/terms-of-use" target="_blank" rel="noopener">
                  {t('auth_terms_of_use')}
                </a>
              </span>
            </label>
            {errors.terms_accepted ? (
              <p className="field-error" id={errorId('signup-terms')} data-testid="error-signup-terms">
                {tr(errors.terms_accepted)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary btn-block btn-lg" aria-busy={busy === 'form' || undefined}>
            {busy === 'form' ? <span className="spinner" aria-hidden="true" /> : null}
            <span>{t('auth_create_account')}</span>
          </button>
        </form>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={social ? translateMessage(t, MSG.completeYourInformation, true) : t('auth_signup_title')}
      subtitle={social ? translateMessage(t, MSG.reviewMissingInformation, true) : t('auth_signup_subtitle')}
      onClose={closeDialog}
      closeLabel={t('auth_close')}
      className="auth-dialog dialog-wide"
    >
      <div className="auth-alert-slot" aria-live="assertive">
        {alert}
      </div>
      <form ref={detailsForm} className="form auth-form" noValidate onSubmit={onDetails}>
        {showAccessCode ? (
          <Field id="signup-accesscode" label={t('auth_access_code')} error={tr(errors.accesscode)}>
            <input
              {...fieldA11y('signup-accesscode', errors.accesscode)}
              className="input"
              type="text"
              name="accesscode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={details.accesscode}
              onChange={(e) => set('accesscode', e.target.value.replace(/\s/g, ''))}
            />
          </Field>
        ) : null}
        <Field id="signup-email" label={t('auth_email')} error={tr(errors.email_id)}>
          <input
            {...fieldA11y('signup-email', errors.email_id)}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={details.email}
            onChange={(e) => set('email', sanitizeEmail(e.target.value))}
            readOnly={social !== null && details.email !== '' && !errors.email_id}
          />
        </Field>
        <PersonFields
          idPrefix="signup"
          value={details}
          onChange={(patch) => setDetails((d) => ({ ...d, ...patch }))}
          errors={{ title: tr(errors.title), first_name: tr(errors.first_name), last_name: tr(errors.last_name), mobile: tr(errors.mobile_no) }}
          countryHint={invitation.countrycode}
          nationalityFirst
        />
        <button type="submit" className="btn btn-primary btn-block btn-lg" aria-busy={busy === 'form' || undefined} disabled={busy !== null && busy !== 'form'}>
          {busy === 'form' ? <span className="spinner" aria-hidden="true" /> : null}
          <span>{social ? t('auth_continue') : t('auth_signup_email')}</span>
        </button>
      </form>
      {social ? null : (
        <SocialButtons
          labels={{ google: 'auth_signup_google', facebook: 'auth_signup_facebook' }}
          busy={busy === 'google' || busy === 'facebook' ? busy : null}
          disabled={busy === 'form'}
          divider={t('auth_or')}
          onChoose={(p) => void onSocial(p)}
        />
      )}
      <p className="auth-switch">
        {t('auth_have_account')}{' '}
        <button type="button" className="btn-link auth-link" onClick={() => openDialog('signin')}>
          {t('auth_signin_link')}
        </button>
      </p>
    </Dialog>
  );
}

/** After the provider prefilled the form: the first field still empty gets focus. */
function focusFirstInvalidOrEmpty(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const fields = [...(form?.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select') ?? [])];
    (fields.find((f) => !f.value && !f.readOnly) ?? fields[0])?.focus();
  });
}
