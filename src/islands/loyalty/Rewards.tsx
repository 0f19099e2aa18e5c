// /your-rewards: the org's loyalty program (enabled flag, start and end dates, rules) and the member's referrals and credits.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { Rewards as RewardsData } from '../../shared/rules/rewards-reply';
import { loadRewards } from '../../stores/rewards';
import { $language } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { useLoyaltyT } from '../../stores/loyalty';
import { formatDay, LONG_DAY } from '../../shared/rules/format-day';

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

export default function Rewards() {
  const t = useLoyaltyT();
  const signedIn = useStore($signedIn);
  const language = useStore($language);
  const [data, setData] = useState<RewardsData | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();

  useEffect(() => void runStartup(), []);
  const load = () => {
    setFailed(false);
    loadRewards().then(
      (r) => setData(r.data),
      () => setFailed(true),
    );
  };
  useEffect(() => {
    if (signedIn === true) load();
  }, [signedIn]);

  if (signedIn !== true) return null;
  if (failed)
    return (
      <div className="alert alert-error" role="alert">
        {t('referral_load_failed')}{' '}
        <button type="button" className="btn btn-link" onClick={load}>
          {t('referral_retry')}
        </button>
      </div>
    );
  if (!data)
    return (
      <p className="muted" role="status">
        <span className="spinner spinner-sm" aria-hidden="true" /> {t('referral_loading')}
      </p>
    );

  const day = (iso: string | null) => {
    if (!iso) return '–';
    return formatDay(language, iso, LONG_DAY);
  };
  const actionName = (a: string) => (t(`referral_action_${a}`) === `referral_action_${a}` ? a : t(`referral_action_${a}`));

  return (
    <section className="loyalty-rewards stack" aria-labelledby={headingId} data-testid="rewards">
      <div className={`panel loyalty-program ${data.loyaltyEnabled ? 'is-on' : 'is-off'}`}>
        <h2 id={headingId} className="card-title">
          {data.loyaltyEnabled ? t('rewards_status_on') : t('rewards_status_off')}
        </h2>
        {data.loyaltyEnabled && <p data-testid="rewards-period">{fill(t('rewards_period'), { start: day(data.startDate), end: day(data.endDate) })}</p>}
      </div>

      <div className="loyalty-stats">
        <div className="loyalty-stat">
          <span className="loyalty-stat__value" data-testid="rewards-credits">
            {data.totalCredits}
          </span>
          <span className="loyalty-stat__label">{t('referral_total_credits')}</span>
        </div>
        <div className="loyalty-stat">
          <span className="loyalty-stat__value" data-testid="rewards-referrals">
            {data.referralCount}
          </span>
          <span className="loyalty-stat__label">{t('referral_count')}</span>
        </div>
        <div className="loyalty-stat">
          <code className="loyalty-stat__value loyalty-code">{data.referralCode}</code>
          <span className="loyalty-stat__label">{t('rewards_code')}</span>
        </div>
      </div>

      <div className="grid grid-2">
        <div className="card">
          <div className="card-body">
            <h3 className="card-title">{t('rewards_breakdown')}</h3>
            {data.rewards.length === 0 ? (
              <p className="muted">{t('rewards_nothing_yet')}</p>
            ) : (
              <ul className="loyalty-actions">
                {data.rewards.map((r) => (
                  <li key={r.action}>
                    <span>
                      {actionName(r.action)} × {r.count}
                    </span>
                    <span className="badge">{r.credits}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <div className="card">
          <div className="card-body">
            <h3 className="card-title">{t('rewards_rules')}</h3>
            <ul className="loyalty-actions">
              {data.rules.map((r) => (
                <li key={r.action}>
                  <span>{actionName(r.action)}</span>
                  <span className="badge badge-accent">{fill(t('rewards_rule_credits'), { credits: r.credits })}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <div className="cluster">
        <a className="btn btn-primary" href="/referral/programs">
          {t('rewards_share')}
        </a>
        <a className="btn btn-secondary" href="/referral/credits">
          {t('rewards_see_referrals')}
        </a>
      </div>
    </section>
  );
}
