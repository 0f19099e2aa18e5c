// The console's nav: the org's name and the pages the signed-in role may open (src/islands/admin/console-nav.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $consoleAccess } from '../../stores/console';
import { useT } from '../../stores/locale';
import { $org, runStartup } from '../../stores/startup';
import { navFor } from './console-nav';

export default function ConsoleNav({ current }: { current: string }) {
  const t = useT();
  const access = useStore($consoleAccess);
  const org = useStore($org);
  useEffect(() => void runStartup(), []);
  const entries = navFor(access);
  if (entries.length === 0) return null;
  return (
    <nav className="console-nav" aria-label={t('admin_nav_label')}>
      <p className="console-nav__org">
        <span data-testid="console-org-name">{org?.orgName}</span> <span className="console-nav__tag">{t('admin_console')}</span>
      </p>
      <ul>
        {entries.map((e, i) => (
          <li key={e.href} className={i > 0 && e.section !== entries[i - 1]!.section ? 'console-nav__section' : undefined}>
            <a href={e.href} aria-current={e.href === current ? 'page' : undefined}>
              {t(e.labelKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
