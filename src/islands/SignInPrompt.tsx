// On pages for signed-in users: asks a signed-out visitor to sign in (the page's own island shows once signed in).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { openDialog } from '../stores/dialogs';
import { useT } from '../stores/locale';
import { $signedIn } from '../stores/session';
import { runStartup } from '../stores/startup';

export default function SignInPrompt() {
  const t = useT();
  const signedIn = useStore($signedIn);
  useEffect(() => void runStartup(), []);

  if (signedIn === true) return null;
  if (signedIn === null)
    return (
      <div className="signin-prompt signin-prompt--checking signin-slot" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('signin_prompt_checking')}
      </div>
    );
  return (
    <section className="signin-prompt" aria-labelledby="signin-prompt-title" data-testid="signin-prompt">
      <div className="signin-prompt__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <path d="M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
      </div>
      <h2 id="signin-prompt-title">{t('signin_prompt_title')}</h2>
      <p>{t('signin_prompt_text')}</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={() => openDialog('signin')}>
        {t('signin_prompt_button')}
      </button>
    </section>
  );
}
