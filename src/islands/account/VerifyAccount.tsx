// /verify-account: spends the link's token (POST /api/auth/verifyAccount) and offers sign-in, or shows why it failed.
import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../shared/contract/auth-text';
import { verifyAccount } from '../../stores/account';
import { openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { runStartup } from '../../stores/startup';
import { failureText, translateMessage } from './signup-logic';
import '../../styles/auth.css';

type State = { kind: 'checking' } | { kind: 'verified'; text: string } | { kind: 'failed'; text: string };

export default function VerifyAccount() {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void runStartup();
    // A token is single-use: never send it twice.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(location.search).get('token')?.trim() ?? '';
    if (!token) {
      setState({ kind: 'failed', text: MSG.linkInvalid });
      return;
    }
    verifyAccount(token).then(
      (r) => setState({ kind: 'verified', text: r.message || MSG.accountVerified }),
      (e) => setState({ kind: 'failed', text: failureText(e, MSG.linkInvalid) }),
    );
  }, []);

  useEffect(() => {
    if (state.kind !== 'checking') heading.current?.focus();
  }, [state.kind]);

  if (state.kind === 'checking') {
    return (
      <div className="account-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('auth_verify_checking')}</p>
      </div>
    );
  }
  const ok = state.kind === 'verified';
  return (
    <section className="account-status" aria-labelledby="verify-result">
      <h2 id="verify-result" ref={heading} tabIndex={-1} className="visually-hidden">
        {t('auth_verify_title')}
      </h2>
      <p className={`alert ${ok ? 'alert-success' : 'alert-error'}`} role={ok ? 'status' : 'alert'} data-testid="verify-result">
        {translateMessage(t, state.text, true)}
      </p>
      {ok ? (
        <button type="button" className="btn btn-primary btn-lg" onClick={() => openDialog('signin')}>
          {t('auth_signin_link')}
        </button>
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => openDialog('signin')}>
            {t('auth_signin_link')}
          </button>
          <a className="btn btn-secondary" href="/">
            {t('auth_go_home')}
          </a>
        </div>
      )}
    </section>
  );
}
