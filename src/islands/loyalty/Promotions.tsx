// /promotions: the org's current promotion campaigns (getCampaignList), open to every visitor.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Campaign } from '../../shared/contract/loyalty';
import { loadPromotions } from '../../stores/referral';
import { sameOriginRedirect } from '../../shared/rules/referral-link';
import { $language } from '../../stores/locale';
import { useLoyaltyT } from '../../stores/loyalty';
import { formatDay } from '../../shared/rules/format-day';

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

/** Campaign addresses are the org's own pages; anything else is shown as it is but never as a link. */
function href(landing: string) {
  if (!landing) return '';
  const same = sameOriginRedirect(landing, location.origin);
  if (same) return same;
  return /^https:\/\//.test(landing) ? landing : '';
}

export default function Promotions() {
  const t = useLoyaltyT();
  const language = useStore($language);
  const [items, setItems] = useState<Campaign[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    loadPromotions().then(
      (r) => setItems(r.data),
      () => setFailed(true),
    );
  };
  useEffect(load, []);

  if (failed)
    return (
      <div className="alert alert-error" role="alert">
        {t('promotions_load_failed')}{' '}
        <button type="button" className="btn btn-link" onClick={load}>
          {t('referral_retry')}
        </button>
      </div>
    );
  if (!items)
    return (
      <div className="grid grid-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card skeleton loyalty-promo-skeleton" />
        ))}
      </div>
    );
  if (items.length === 0) return <p className="panel">{t('promotions_none')}</p>;

  const day = (iso: string) => formatDay(language, iso);

  return (
    <ul className="grid grid-3 loyalty-promos" data-testid="promotions">
      {items.map((c) => {
        const link = href(c.landing_url);
        return (
          <li key={`${c.campaign_type}-${c.refferal_code}`} className="card loyalty-promo">
            <div className="card-body stack">
              <h2 className="card-title">{c.title || c.refferal_code}</h2>
              {c.description && <p>{c.description}</p>}
              <p className="cluster small">
                {c.refferal_code && (
                  <span className="badge badge-accent">
                    {t('labelled', { label: t('promotions_code') })} {c.refferal_code}
                  </span>
                )}
                {c.ends_on && <span className="muted">{fill(t('promotions_until'), { date: day(c.ends_on) })}</span>}
              </p>
              {link && (
                <a className="btn btn-primary" href={link}>
                  {t('promotions_cta')}
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
