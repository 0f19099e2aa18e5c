// The fresh proof the security section asks for before a second factor is removed or the recovery codes issued again
// (docs/decisions/0072-fresh-proof-for-second-factor-changes.md): with an authenticator app, the code it shows now or a
// recovery code; with passkeys only, one of them. In-page dialog (ui/Dialog); the server's refusal shown in the field.
import { useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog';
import Field, { fieldA11y } from './Field';
import { failureMessage, keyedText } from './signup-logic';
import { useT } from '../../stores/locale';
import type { Proof } from '../../stores/security';

interface Props {
  title: string;
  /** A line saying what confirming does (regenerating: the old codes stop working). */
  note?: string;
  /** The account has an authenticator app (a code or a recovery code proves it); else it has passkeys only. */
  withApp: boolean;
  confirm: (proof: Proof) => Promise<void>;
  onClose: () => void;
}

export default function FreshProofDialog({ title, note, withApp, confirm, onClose }: Props) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(proof: Proof) {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await confirm(proof);
    } catch (err) {
      const fromServer = typeof (err as { status?: unknown } | null)?.status === 'number';
      setError(fromServer ? keyedText(t, failureMessage(err, t('sec_failed'))) : t('sec_proof_passkey_failed'));
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const typed = code.trim();
    if (!recovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) return setError(t('twofa_code_missing'));
    if (recovery && !typed) return setError(t('auth_msg_proofRequired'));
    void send(recovery ? { recovery_code: typed } : { code: typed });
  }

  return (
    <Dialog title={title} onClose={onClose} closeLabel={t('sec_cancel')} closeOnEscape>
      <div className="stack" data-testid="fresh-proof-dialog">
        {note ? <p>{note}</p> : null}
        {withApp ? (
          <form className="form" noValidate onSubmit={onSubmit}>
            <p>{t(recovery ? 'sec_proof_text_recovery' : 'sec_proof_text_code')}</p>
            <Field id="fresh-proof-code" label={t(recovery ? 'twofa_recovery_code' : 'sec_app_code')} error={error || undefined}>
              <input
                {...fieldA11y('fresh-proof-code', error || undefined)}
                className="input security-code-input"
                type="text"
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                maxLength={recovery ? 64 : 7}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                data-autofocus
              />
            </Field>
            <button type="button" className="btn btn-link" onClick={() => (setRecovery(!recovery), setCode(''), setError(''))}>
              {t(recovery ? 'twofa_use_app' : 'twofa_use_recovery')}
            </button>
            <div className="security-actions">
              <button type="submit" className="btn btn-danger" aria-busy={busy || undefined} disabled={busy}>
                {t('sec_proof_confirm')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={onClose}>
                {t('sec_cancel')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <p>{t('sec_proof_text_passkey')}</p>
            <div aria-live="assertive">
              {error ? (
                <p className="alert alert-error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="security-actions">
              <button type="button" className="btn btn-danger" aria-busy={busy || undefined} disabled={busy} onClick={() => void send({ passkey: true })} data-autofocus>
                {t('sec_proof_use_passkey')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={onClose}>
                {t('sec_cancel')}
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
