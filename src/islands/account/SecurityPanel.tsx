// The account's security section (docs/decisions/0067-second-factor.md): an authenticator app (its QR code and setup
// key, confirmed by a code, then the recovery codes shown once), passkeys for this site, and their removal; removing a
// factor or regenerating the recovery codes first asks for a fresh proof (FreshProofDialog, decision 0072).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import QRCode from 'qrcode';
import { $security, addPasskey, confirmTotp, loadSecurity, regenerateRecoveryCodes, removePasskey, removeTotp, startTotp, type Proof } from '../../stores/security';
import { $language, useT } from '../../stores/locale';
import Field, { fieldA11y } from './Field';
import FreshProofDialog from './FreshProofDialog';
import { failureMessage, keyedText } from './signup-logic';

type Setup = { secret: string; otpauth_url: string; qr: string };
/** What waits for a fresh proof: removing the app, regenerating its recovery codes, or removing a passkey. */
type Pending = { kind: 'totp' } | { kind: 'codes' } | { kind: 'passkey'; id: string; name: string };

export default function SecurityPanel() {
  const t = useT();
  const language = useStore($language);
  const state = useStore($security);
  const [failed, setFailed] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const ids = useId();

  useEffect(() => {
    loadSecurity().catch(() => setFailed(true));
  }, []);

  const failure = (err: unknown) => keyedText(t, failureMessage(err, t('sec_failed')));

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (err) {
      setMessage({ kind: 'error', text: failure(err) });
    }
    setBusy(false);
  }

  const onSetup = () =>
    run(async () => {
      const started = await startTotp();
      const qr = await QRCode.toDataURL(started.otpauth_url, { width: 192, margin: 1, errorCorrectionLevel: 'M' });
      setSetup({ ...started, qr });
      setCode('');
      setCodeError('');
    });

  async function onConfirm(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setCodeError(t('twofa_code_missing'));
      return;
    }
    setBusy(true);
    setCodeError('');
    try {
      setCodes(await confirmTotp(code));
      setSetup(null);
    } catch (err) {
      setCodeError(failure(err));
    }
    setBusy(false);
  }

  const onAddPasskey = () =>
    run(async () => {
      try {
        await addPasskey(passkeyName);
      } catch (err) {
        if (typeof (err as { status?: unknown } | null)?.status === 'number') throw err;
        throw new Error(t('sec_passkey_failed'));
      }
      setPasskeyName('');
      setMessage({ kind: 'ok', text: t('sec_saved') });
    });

  async function confirmPending(proof: Proof) {
    if (!pending) return;
    setMessage(null);
    if (pending.kind === 'codes') setCodes(await regenerateRecoveryCodes(proof));
    else if (pending.kind === 'totp') await removeTotp(proof);
    else await removePasskey(pending.id, proof);
    if (pending.kind !== 'codes') setMessage({ kind: 'ok', text: t(pending.kind === 'totp' ? 'sec_app_removed' : 'sec_passkey_removed') });
    setPending(null);
  }

  if (failed) {
    return (
      <p className="alert alert-error" role="alert">
        {t('acct_load_failed')}
      </p>
    );
  }
  if (!state) return <span className="spinner" aria-hidden="true" />;
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <div className="panel security-panel" data-testid="security-panel">
      {state.required && !state.totp && state.passkeys.length === 0 ? (
        <p className="alert" role="status" data-testid="security-required">
          {t('sec_required')}
        </p>
      ) : null}
      <div aria-live="polite">
        {message ? (
          <p className={`alert ${message.kind === 'error' ? 'alert-error' : 'alert-success'}`} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </div>

      <h3>{t('sec_app_title')}</h3>
      {codes ? (
        <div className="security-codes" data-testid="recovery-codes">
          <h4>{t('sec_codes_title')}</h4>
          <p>{t('sec_codes_text')}</p>
          <ul className="security-code-list" role="list">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary" onClick={() => setCodes(null)}>
            {t('sec_codes_done')}
          </button>
        </div>
      ) : state.totp ? (
        <>
          <p data-testid="totp-on">{t('sec_app_on')}</p>
          <p>{t('sec_codes_left', { n: state.recovery_codes_left })}</p>
          <div className="security-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => (setMessage(null), setPending({ kind: 'codes' }))} data-testid="regenerate-codes">
              {t('sec_codes_regenerate')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => (setMessage(null), setPending({ kind: 'totp' }))} data-testid="remove-totp">
              {t('sec_app_remove')}
            </button>
          </div>
        </>
      ) : setup ? (
        <form className="form security-setup" noValidate onSubmit={onConfirm}>
          <p>{t('sec_app_scan')}</p>
          <img className="security-qr" src={setup.qr} width={192} height={192} alt={t('sec_app_qr_alt')} />
          <p>
            <span id={`${ids}-key`}>{t('sec_app_key')}</span>{' '}
            <code className="security-secret" aria-labelledby={`${ids}-key`} data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <Field id="security-totp-code" label={t('sec_app_code')} error={codeError || undefined}>
            <input
              {...fieldA11y('security-totp-code', codeError || undefined)}
              className="input security-code-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <div className="security-actions">
            <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
              {t('sec_app_confirm')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setSetup(null)}>
              {t('sec_cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('sec_app_off')}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onSetup}>
            {t('sec_app_setup')}
          </button>
        </>
      )}

      <h3>{t('sec_passkeys_title')}</h3>
      {state.passkeys.length ? (
        <ul className="security-passkeys" role="list" data-testid="passkey-list">
          {state.passkeys.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong> <span className="muted">{t('sec_passkey_added_on', { date: date(p.created_at) })}</span>
              </span>
              <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => (setMessage(null), setPending({ kind: 'passkey', id: p.id, name: p.name }))}>
                {t('sec_passkey_remove', { name: p.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('sec_passkeys_none')}</p>
      )}
      <div className="security-passkey-add">
        <Field id="security-passkey-name" label={t('sec_passkey_name')}>
          <input
            {...fieldA11y('security-passkey-name')}
            className="input"
            type="text"
            maxLength={60}
            value={passkeyName}
            onChange={(e) => setPasskeyName(e.target.value)}
          />
        </Field>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onAddPasskey}>
          {t('sec_passkey_add')}
        </button>
      </div>
      {pending ? (
        <FreshProofDialog
          title={pending.kind === 'passkey' ? t('sec_proof_title_passkey', { name: pending.name }) : t(pending.kind === 'totp' ? 'sec_proof_title_totp' : 'sec_proof_title_codes')}
          note={pending.kind === 'codes' ? t('sec_proof_codes_note') : undefined}
          withApp={state.totp}
          confirm={confirmPending}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
