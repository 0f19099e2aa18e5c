// /login/sso?key=…: signs in with the single sign-on key (POST /api/auth/sso), then goes to /promotions when the
// result flags a promotion, else home; or says why it could not.
import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../shared/contract/auth-text';
import { ssoSignIn } from '../../stores/account';
import { useT } from '../../stores/locale';
import { applySignIn } from '../../stores/session';
import { failureText, translateMessage } from './signup-logic';
import '../../styles/auth.css';

export default function SsoLogin() {
  const t = useT();
  const [failure, setFailure] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const key = new URLSearchParams(location.search).get('key')?.trim() ?? '';
    if (!key) {
      setFailure(MSG.ssoInvalid);
      return;
    }
    ssoSignIn(key).then(
      (r) => {
        if (r.status === 'success' && r.result) {
          // The dialog's rule: /promotions when the result flags a promotion (this page allows the redirect), else home.
          const next = applySignIn(r.result, { pathname: location.pathname }) ?? '/';
          // The key is spent: replace the entry so Back does not come here again.
          location.replace(next);
        } else setFailure(r.message || MSG.ssoInvalid);
      },
      (e) => setFailure(failureText(e, MSG.ssoInvalid)),
    );
  }, []);

  if (!failure) {
    return (
      <div className="account-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('auth_sso_signing_in')}</p>
      </div>
    );
  }
  return (
    <div className="account-status">
      <p className="alert alert-error" role="alert" data-testid="sso-error">
        {translateMessage(t, failure, true)}
      </p>
      <a className="btn btn-primary" href="/">
        {t('auth_go_home')}
      </a>
    </div>
  );
}
