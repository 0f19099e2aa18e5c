// The launch checklist (the console's first page): each step done or not from the org's state, a way to each, "Go
// live" last, and the site's look beside it.
import { useState } from 'react';
import { PRODUCTS } from '../../shared/rules/products';
import type { LaunchStep } from '../../shared/contract/console';
import { goLive, loadLaunch, loadSettings, loadTheme } from '../../stores/console';
import { useT } from '../../stores/locale';
import BrandPreview from './BrandPreview';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage } from './useConsoleForm';
import { ApiFailure } from '../../shared/contract/api-client';

/** Where each step is done. */
const STEP_PAGES: Record<Exclude<LaunchStep, 'live'>, string> = {
  brand: '/admin/brand',
  products: '/admin/products',
  sign_in: '/admin/settings#sign-in',
  wallet: '/admin/settings#wallet',
  domain: '/admin/domains',
};

export default function LaunchPage() {
  return (
    <ConsoleGate section="admin">
      <Launch />
    </ConsoleGate>
  );
}

function Launch() {
  const t = useT();
  const loaded = useConsoleLoad(async () => {
    const [launch, theme, settings] = await Promise.all([loadLaunch(), loadTheme(), loadSettings()]);
    return { launch, theme: theme.values, settings };
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  if (!loaded.data) return <LoadState loaded={loaded} />;
  const { launch, theme, settings } = loaded.data;
  const done = launch.steps.filter((s) => s.done).length;

  async function live() {
    setBusy(true);
    setMessage('');
    try {
      loaded.setData({ ...loaded.data!, launch: await goLive() });
      setMessage(t('admin_live_done'));
    } catch (err) {
      // A 409 names each step still missing (its path): listed by their names on this page.
      const missing = err instanceof ApiFailure && err.status === 409 ? (err.body?.error?.issues ?? []).map((i) => i.path).filter((p) => p in STEP_PAGES) : [];
      setMessage(missing.length ? `${t('admin_msg_notReady')} ${missing.map((p) => t(`admin_step_${p}`)).join(', ')}` : consoleMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="launch-layout">
      <section className="console-group" aria-labelledby="launch-title">
        <h2 id="launch-title">{t('admin_launch_steps', { done, total: launch.steps.length })}</h2>
        <ol className="launch-steps">
          {launch.steps.map(({ step, done }) => (
            <li key={step} className={done ? 'launch-step is-done' : 'launch-step'} data-testid={`launch-${step}`} data-done={done}>
              <span>
                <strong>{t(`admin_step_${step}`)}</strong>
                <br />
                <span className="launch-step__state">{t(done ? 'admin_step_done' : 'admin_step_todo')}</span>
              </span>
              {step === 'live' ? (
                <button type="button" className="btn btn-primary" disabled={done || busy} onClick={() => void live()}>
                  {t(done ? 'admin_is_live' : 'admin_go_live')}
                </button>
              ) : (
                <a className="btn btn-sm" href={STEP_PAGES[step]}>
                  {t(done ? 'admin_step_review' : 'admin_step_start')}
                  <span className="visually-hidden"> {t(`admin_step_${step}`)}</span>
                </a>
              )}
            </li>
          ))}
        </ol>
        {!launch.steps.find((s) => s.step === 'live')?.done && <p className="muted">{t('admin_live_closed')}</p>}
        <p className="console-status" role="status" data-testid="launch-message">
          {message}
        </p>
      </section>
      <section className="console-group" aria-labelledby="launch-preview">
        <h2 id="launch-preview">{t('admin_preview')}</h2>
        <BrandPreview
          theme={theme}
          name={settings.name}
          logoUrl={settings.logo_url}
          menu={PRODUCTS.filter((p) => settings.eligible_products.includes(p.code)).map((p) => p.labelKey)}
        />
        <a href="/" target="_blank" rel="noopener">
          {t('admin_open_site')}
        </a>
      </section>
    </div>
  );
}
