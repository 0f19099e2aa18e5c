// Who may see a console page: admins every page, marketers the marketing section. Signed out, the sign-in dialog
// opens (the page's sign-in prompt stays behind it); any other role reads why and is sent away.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { $consoleAccess, CONSOLE_AWAY_MS } from '../../stores/console';
import { openDialog } from '../../stores/dialogs';
import { useT } from '../../stores/locale';
import { runStartup } from '../../stores/startup';
import { MARKETING_HOME, type ConsoleSection } from './console-nav';
import { Loading } from './LoadState';

export default function ConsoleGate({ section, children }: { section: ConsoleSection; children: ReactNode }) {
  const t = useT();
  const access = useStore($consoleAccess);
  const askedToSignIn = useRef(false);
  useEffect(() => void runStartup(), []);

  const away = access === 'other' ? '/' : access === 'marketer' && section === 'admin' ? MARKETING_HOME : null;
  useEffect(() => {
    if (access === 'signed-out' && !askedToSignIn.current) {
      askedToSignIn.current = true;
      openDialog('signin');
    }
    if (!away) return;
    const timer = setTimeout(() => location.replace(away), CONSOLE_AWAY_MS);
    return () => clearTimeout(timer);
  }, [access, away]);

  if (access === 'checking') return <Loading />;
  if (access === 'signed-out') return null;
  if (away) {
    return (
      <p className="alert alert-error" role="alert" data-testid="console-away">
        {t(access === 'other' ? 'admin_away' : 'admin_marketer_away')}
      </p>
    );
  }
  return <>{children}</>;
}
