// /admin/links/{slug} and /admin/campaigns/{campaign}: a link's (or a campaign's links') figures over a date range:
// where the link leads and its UTM parameters, totals, the funnel from click to first booking with its conversions
// explained, clicks by day as an SVG bar chart (the same figures in a table for screen readers), by country, by
// referrer and by device, and the CSV of the range.
import { useEffect, useState } from 'react';
import { formatMoney, formatNumber, toMinor } from '../../shared/rules/money';
import { formatDay } from '../../shared/rules/format-day';
import type { LinkEntry, LinkStats } from '../../shared/contract/links';
import { loadLink, loadLinkFigures } from '../../stores/console';
import { $language, useT } from '../../stores/locale';
import { useStore } from '@nanostores/react';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';

const CHART_W = 720;
const CHART_H = 180;

function DayChart({ stats }: { stats: LinkStats }) {
  const t = useT();
  const max = Math.max(1, ...stats.by_day.map((d) => d.clicks));
  const step = CHART_W / stats.by_day.length;
  const bar = Math.max(1, step * 0.7);
  return (
    <svg className="link-chart" viewBox={`0 0 ${CHART_W} ${CHART_H + 20}`} width="100%" aria-hidden="true" focusable="false" data-testid="link-chart">
      <line x1="0" y1={CHART_H} x2={CHART_W} y2={CHART_H} className="link-chart__axis" />
      {stats.by_day.map((d, i) => {
        const h = (d.clicks / max) * (CHART_H - 10);
        return (
          <rect key={d.day} x={i * step + (step - bar) / 2} y={CHART_H - h} width={bar} height={h} className="link-chart__bar">
            <title>{`${t('labelled', { label: d.day })} ${d.clicks}`}</title>
          </rect>
        );
      })}
      <text x="0" y={CHART_H + 16} className="link-chart__label">{stats.from}</text>
      <text x={CHART_W} y={CHART_H + 16} textAnchor="end" className="link-chart__label">{stats.to}</text>
      <text x="4" y="12" className="link-chart__label">{max}</text>
    </svg>
  );
}

/** Where the link leads and what it tags its visits with. */
function LinkSummary({ slug }: { slug: string }) {
  const t = useT();
  const [link, setLink] = useState<LinkEntry | null>(null);
  useEffect(() => {
    loadLink(slug).then(setLink, () => setLink(null));
  }, [slug]);
  if (!link) return null;
  const utms = (['utm_source', 'utm_medium', 'utm_campaign'] as const).filter((k) => link[k]);
  return (
    <section className="console-group" aria-labelledby="link-summary" data-testid="link-summary">
      <h2 id="link-summary">{t('links_link')}</h2>
      <dl className="link-summary">
        <div>
          <dt>{t('links_short_url')}</dt>
          <dd className="console-break link-url">{link.short_url}</dd>
        </div>
        <div>
          <dt>{t('links_destination')}</dt>
          <dd className="console-break">{link.destination}</dd>
        </div>
        {link.campaign ? (
          <div>
            <dt>{t('links_campaign')}</dt>
            <dd className="console-break">{link.campaign}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('links_utm')}</dt>
          <dd className="console-break">{utms.length ? utms.map((k) => `${k}=${link[k]}`).join(' · ') : t('links_none_set')}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Clicks → unique visitors → sign-ups → first bookings, each bar against the clicks, and each step's rate in words. */
function Funnel({ s, language }: { s: LinkStats; language: string }) {
  const t = useT();
  const pct = (part: number, whole: number) => formatNumber(whole ? part / whole : 0, language, 1, 'percent');
  const steps = [
    ['links_clicks', s.clicks],
    ['links_unique', s.unique_visitors],
    ['links_signups', s.signups],
    ['links_bookings', s.first_bookings],
  ] as const;
  const top = Math.max(1, s.clicks);
  return (
    <section className="console-group" aria-labelledby="funnel" data-testid="link-funnel">
      <h2 id="funnel">{t('links_funnel')}</h2>
      <ol className="link-funnel">
        {steps.map(([key, n]) => (
          <li key={key}>
            <span className="link-funnel__name">{t(key)}</span>
            <span className="link-funnel__track" aria-hidden="true">
              <span className="link-funnel__bar" style={{ width: `${Math.max(n ? 2 : 0, (n / top) * 100)}%` }} />
            </span>
            <span className="link-funnel__n">{formatNumber(n, language)}</span>
          </li>
        ))}
      </ol>
      <p>{t('links_funnel_visitors', { visitors: formatNumber(s.unique_visitors, language), clicks: formatNumber(s.clicks, language) })}</p>
      <p>
        {t('links_funnel_signups', {
          rate: formatNumber(s.conversion, language, 1, 'percent'), signups: formatNumber(s.signups, language), visitors: formatNumber(s.unique_visitors, language),
        })}
      </p>
      <p>{t('links_funnel_bookings', { bookings: formatNumber(s.first_bookings, language), rate: pct(s.first_bookings, s.signups) })}</p>
    </section>
  );
}

/** One link, or every link of a campaign: the figures' address on the API. */
export type FigureScope = { slug: string } | { campaign: string };
const statsPath = (scope: FigureScope) =>
  'slug' in scope ? `/api/admin/links/${encodeURIComponent(scope.slug)}/stats` : `/api/admin/campaigns/${encodeURIComponent(scope.campaign)}/stats`;

function Figures({ scope }: { scope: FigureScope }) {
  const t = useT();
  const language = useStore($language);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [draft, setDraft] = useState(range);
  const query = new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString();
  const loaded = useConsoleLoad(
    () => loadLinkFigures(scope, range),
    query,
  );
  const s = loaded.data;
  if (loaded.error && !s) {
    return <LoadState loaded={loaded} />;
  }
  const money = (v: number, currency: string) => formatMoney(toMinor(v, currency), currency, language);
  const day = (d: string) => formatDay(language, d, { day: 'numeric', month: 'short' });
  return (
    <>
      <p>
        <a href="/admin/links">{t('links_back')}</a>
      </p>
      <form
        className="console-actions"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(draft);
        }}
      >
        <label>
          {t('links_from')}{' '}
          <input className="input" type="date" value={draft.from || s?.from || ''} onChange={(e) => setDraft({ ...draft, from: e.target.value, to: draft.to || s?.to || '' })} />
        </label>
        <label>
          {t('links_to')}{' '}
          <input className="input" type="date" value={draft.to || s?.to || ''} onChange={(e) => setDraft({ ...draft, to: e.target.value, from: draft.from || s?.from || '' })} />
        </label>
        <button type="submit" className="btn">{t('links_show')}</button>
        {s ? (
          <a className="btn btn-sm" href={`${statsPath(scope)}?from=${s.from}&to=${s.to}&format=csv`} download>
            {t('links_csv')}
          </a>
        ) : null}
      </form>
      {loaded.error ? <p className="console-status is-failed" role="alert">{loaded.error}</p> : null}
      {'slug' in scope ? <LinkSummary slug={scope.slug} /> : null}
      {!s ? <LoadState loaded={loaded} /> : (
        <>
          <dl className="link-totals" data-testid="link-totals">
            {[
              ['links_clicks', s.clicks, 'clicks'],
              ['links_unique', s.unique_visitors, 'unique'],
              ['links_signups', s.signups, 'signups'],
              ['links_bookings', s.first_bookings, 'bookings'],
              ['links_revenue', money(s.revenue, s.currency), 'revenue'],
              ['links_conversion', formatNumber(s.conversion, language, 1, 'percent'), 'conversion'],
            ].map(([key, value, id]) => (
              <div key={id as string} data-testid={`total-${id}`}>
                <dt>{t(key as string)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Funnel s={s} language={language} />
          <section className="console-group" aria-labelledby="by-day">
            <h2 id="by-day">{t('links_by_day')}</h2>
            <p className="console-muted">
              {t('links_chart_summary', { n: s.clicks, from: day(s.from), to: day(s.to), max: Math.max(0, ...s.by_day.map((d) => d.clicks)) })}
            </p>
            <DayChart stats={s} />
            {/* A table keeps its content's width whatever its own: the box that hides it must be a block (no sideways scroll on a phone). */}
            <div className="visually-hidden">
              <table>
                <caption>{t('links_by_day')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('links_day')}</th>
                    <th scope="col">{t('links_clicks')}</th>
                    <th scope="col">{t('links_unique')}</th>
                    <th scope="col">{t('links_signups')}</th>
                    <th scope="col">{t('links_bookings')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.by_day.map((d) => (
                    <tr key={d.day}>
                      <th scope="row">{d.day}</th>
                      <td>{d.clicks}</td>
                      <td>{d.unique_visitors}</td>
                      <td>{d.signups}</td>
                      <td>{d.bookings}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <div className="console-grid">
            <Breakdown titleKey="links_by_country" headKey="links_country" rows={s.by_country.map((r) => [r.country || t('links_unknown_country'), r.clicks])} id="by-country" />
            <Breakdown titleKey="links_by_referrer" headKey="links_referrer" rows={s.by_referrer.map((r) => [r.referrer || t('links_direct'), r.clicks])} id="by-referrer" />
            <Breakdown titleKey="links_by_device" headKey="links_device" rows={s.by_device.map((r) => [t(`links_device_${r.device}`), r.clicks])} id="by-device" />
          </div>
        </>
      )}
    </>
  );
}

function Breakdown({ titleKey, headKey, rows, id }: { titleKey: string; headKey: string; rows: [string, number][]; id: string }) {
  const t = useT();
  return (
    <section className="console-group" aria-labelledby={id}>
      <h2 id={id}>{t(titleKey)}</h2>
      <table className="table link-rows" data-testid={id}>
        <thead>
          <tr>
            <th scope="col">{t(headKey)}</th>
            <th scope="col" className="num">{t('links_clicks')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, clicks]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="num">{clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function LinkFigures({ slug, campaign }: { slug?: string; campaign?: string }) {
  return (
    <ConsoleGate section="marketing">
      <Figures scope={campaign ? { campaign } : { slug: slug ?? '' }} />
    </ConsoleGate>
  );
}
