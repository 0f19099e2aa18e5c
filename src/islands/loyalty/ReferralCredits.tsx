// /referral/credits: the member's referrals, 5 a page, each with its actions and credits.
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useState } from 'react';
import { REFERRAL_PAGE_SIZE, type Referral, type ReferralAction } from '../../shared/contract/loyalty';
import { loadReferralActions, loadReferrals } from '../../stores/referral';
import { $language } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { useLoyaltyT } from '../../stores/loyalty';
import { dateFormat, MEDIUM_DAY } from '../../shared/rules/format-day';

const totalPages = (count: number, perPage = REFERRAL_PAGE_SIZE) => Math.max(1, Math.ceil(count / perPage));

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

export default function ReferralCredits() {
  const t = useLoyaltyT();
  const signedIn = useStore($signedIn);
  const language = useStore($language);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ count: number; data: Referral[] } | null>(null);
  const [totals, setTotals] = useState<{ credits: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Record<number, ReferralAction[] | 'loading'>>({});
  const headingId = useId();

  useEffect(() => void runStartup(), []);

  const load = (p: number) => {
    setFailed(false);
    loadReferrals(p).then(
      (r) => setList({ count: r.count, data: r.data }),
      () => setFailed(true),
    );
  };
  useEffect(() => {
    if (signedIn === true) load(page);
  }, [signedIn, page]);
  useEffect(() => {
    if (signedIn !== true) return;
    loadReferralActions().then(
      (r) => setTotals({ credits: r.totalCredits }),
      () => setTotals(null),
    );
  }, [signedIn]);

  const toggle = (member: number) => {
    if (open[member]) {
      const { [member]: _, ...rest } = open;
      setOpen(rest);
      return;
    }
    setOpen({ ...open, [member]: 'loading' });
    loadReferralActions(member).then(
      (r) => setOpen((o) => ({ ...o, [member]: r.data })),
      () => setOpen((o) => ({ ...o, [member]: [] })),
    );
  };

  if (signedIn !== true) return null;
  const date = (iso: string) => {
    try {
      return dateFormat(language, MEDIUM_DAY).format(new Date(iso));
    } catch {
      return iso.slice(0, 10);
    }
  };
  const actionName = (a: string) => (t(`referral_action_${a}`) === `referral_action_${a}` ? a : t(`referral_action_${a}`));

  if (failed)
    return (
      <div className="alert alert-error" role="alert">
        {t('referral_load_failed')}{' '}
        <button type="button" className="btn btn-link" onClick={() => load(page)}>
          {t('referral_retry')}
        </button>
      </div>
    );
  if (!list)
    return (
      <p className="muted" role="status">
        <span className="spinner spinner-sm" aria-hidden="true" /> {t('referral_loading')}
      </p>
    );

  const pages = totalPages(list.count);
  return (
    <section className="loyalty-credits stack" aria-labelledby={headingId} data-testid="referral-credits">
      <h2 id={headingId} className="visually-hidden">
        {t('referral_credits_title')}
      </h2>
      <div className="loyalty-stats">
        <div className="loyalty-stat">
          <span className="loyalty-stat__value" data-testid="referral-count">
            {list.count}
          </span>
          <span className="loyalty-stat__label">{t('referral_count')}</span>
        </div>
        <div className="loyalty-stat">
          <span className="loyalty-stat__value" data-testid="referral-credits-total">
            {totals ? totals.credits : '–'}
          </span>
          <span className="loyalty-stat__label">{t('referral_total_credits')}</span>
        </div>
      </div>

      {list.count === 0 ? (
        <div className="panel loyalty-empty">
          <p>{t('referral_none')}</p>
          <a className="btn btn-primary" href="/referral/programs">
            {t('referral_share_cta')}
          </a>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">{t('referral_col_name')}</th>
                  <th scope="col">{t('referral_col_email')}</th>
                  <th scope="col">{t('referral_col_joined')}</th>
                  <th scope="col" className="num">
                    {t('referral_col_actions')}
                  </th>
                  <th scope="col" className="num">
                    {t('referral_col_credits')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('referral_show_actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((r) => {
                  const detail = open[r.member];
                  const detailId = `referral-actions-${r.member}`;
                  return (
                    <Fragment key={r.member}>
                      <tr data-testid="referral-row">
                        <th scope="row">
                          {r.first_name} {r.last_name}
                        </th>
                        <td data-label={t('referral_col_email')}>{r.email}</td>
                        <td data-label={t('referral_col_joined')}>{date(r.joined_at)}</td>
                        <td className="num" data-label={t('referral_col_actions')}>{r.actions}</td>
                        <td className="num" data-label={t('referral_col_credits')}>{r.credits}</td>
                        <td>
                          <button type="button" className="btn btn-link btn-sm" aria-expanded={Boolean(detail)} aria-controls={detailId} onClick={() => toggle(r.member)}>
                            {detail ? t('referral_hide_actions') : t('referral_show_actions')}
                          </button>
                        </td>
                      </tr>
                      {detail && (
                        <tr id={detailId} className="loyalty-actions-row">
                          <td colSpan={6}>
                            {detail === 'loading' ? (
                              <span className="spinner spinner-sm" role="status" aria-label={t('referral_loading')} />
                            ) : (
                              <ul className="loyalty-actions">
                                {detail.map((a) => (
                                  <li key={`${a.action}-${a.created_at}`}>
                                    <span>{actionName(a.action)}</span>
                                    <span className="muted">{date(a.created_at)}</span>
                                    <span className="badge">+{a.credits}</span>
                                  </li>
                                ))}
                              </ul>
                            )}
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav className="cluster loyalty-pager" aria-label={t('referral_pagination')}>
            <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('referral_prev')}
            </button>
            <span aria-live="polite" data-testid="referral-page">
              {fill(t('referral_page_of'), { page, pages })}
            </span>
            <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('referral_next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
