// On pages for signed-in users: asks a signed-out visitor to sign in (the page's own island shows once signed in).
// While the login check runs, the same box is drawn with its content hidden, so nothing moves when it answers.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';

export default function SignInPrompt() {
  const t = useT();
  const signedIn = useStore($signedIn);
  useEffect(() => void runStartup(), []);

  if (signedIn === true) return null;
  const checking = signedIn === null;
  return (
    <section
      className={checking ? 'signin-prompt is-checking' : 'signin-prompt'}
      aria-labelledby="signin-prompt-title"
      aria-busy={checking}
      data-testid={checking ? undefined : 'signin-prompt'}
    >
      {checking && <span className="spinner signin-prompt__spinner" role="status" aria-label={t('signin_prompt_checking')} />}
      <div className="signin-prompt__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <path d="M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
      </div>
      <h2 id="signin-prompt-title">{t('signin_prompt_title')}</h2>
      <p>{t('signin_prompt_text')}</p>
      <button type="button" className="btn btn-primary btn-lg" disabled={checking} onClick={() => openDialog('signin')}>
        {t('signin_prompt_button')}
      </button>
    </section>
  );
}
