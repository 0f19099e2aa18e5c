// /agent, the agent's desk: what to do next (book for a client, quotes, clients, bookings), the credit left on account,
// today's bookings and the quotes waiting for a client, from the agent's own profile, bookings and quotes.
import { useStore } from '@nanostores/react';
import { $agentBookings, $agentProfile, $credit, $quotes, loadAgentBookings, loadAgentProfile, loadQuotes } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { titledName } from '../../shared/i18n/person-title';
import { shownStatus, supplierReference } from '../../shared/rules/supplier-status';
import type { AgentBooking, AgentQuote } from '../../shared/contract/agent';
import { useAgentLoad } from './AgentLoad';
import CreditSummary from './CreditSummary';
import { useDates, useMoney } from './agent-ui';

const SHOWN = 5;
const loadDesk = () => Promise.all([loadAgentProfile(), loadAgentBookings(), loadQuotes()]);
/** Made on the agent's own calendar day (the browser's clock, as the agent reads "today"). */
const madeToday = (iso: string, now = new Date()) => new Date(iso).toDateString() === now.toDateString();

export default function AgentHome() {
  const t = useT();
  const profile = useStore($agentProfile);
  const bookings = useStore($agentBookings);
  const quotes = useStore($quotes);
  const credit = useStore($credit);
  const pending = useAgentLoad(loadDesk, profile !== null && bookings !== null && quotes !== null);
  if (pending || !profile || !bookings || !quotes) return pending;

  const today = bookings.filter((b) => madeToday(b.created_at));
  const waiting = quotes.filter((q) => q.status === 'SENT');
  const drafts = quotes.filter((q) => q.status === 'DRAFT').length;

  return (
    <div className="stack" data-testid="agent-home">
      <section aria-labelledby="agent-next-title">
        <h2 id="agent-next-title" className="agent-home__heading">
          {t('agent_home_next')}
        </h2>
        <ul className="agent-home__actions" role="list">
          <li className="panel agent-card">
            <h3>{t('agent_home_search_title')}</h3>
            <p className="small muted">{t('agent_home_search_text')}</p>
            <div className="cluster">
              <a className="btn btn-primary btn-sm" href="/" data-testid="desk-search">
                {t('agent_home_search')}
              </a>
            </div>
          </li>
          <li className="panel agent-card">
            <h3>{t('agent_home_quotes_title')}</h3>
            <p className="small muted" data-testid="desk-quotes">
              {t('agent_home_drafts_n', { n: drafts })} · {t('agent_home_sent_n', { n: waiting.length })}
            </p>
            <div className="cluster">
              <a className="btn btn-primary btn-sm" href="/agent/my-quotes?new=1">
                {t('agent_quotes_new')}
              </a>
              <a className="btn btn-sm" href="/agent/my-quotes">
                {t('agent_home_all_quotes')}
              </a>
            </div>
          </li>
          <li className="panel agent-card">
            <h3>{t('agent_home_clients_title')}</h3>
            <p className="small muted" data-testid="desk-clients">
              {t('agent_home_clients_n', { n: profile.counts.clients })}
            </p>
            <div className="cluster">
              <a className="btn btn-sm" href="/agent/client-list">
                {t('agent_home_all_clients')}
              </a>
            </div>
          </li>
          <li className="panel agent-card">
            <h3>{t('agent_home_bookings_title')}</h3>
            <p className="small muted" data-testid="desk-bookings">
              {t('agent_home_bookings_n', { n: bookings.length })}
            </p>
            <div className="cluster">
              <a className="btn btn-sm" href="/agent/booking-history">
                {t('agent_home_all_bookings')}
              </a>
            </div>
          </li>
        </ul>
      </section>

      {credit ? <CreditSummary credit={credit} /> : null}

      <div className="agent-cards">
        <section className="panel agent-card" aria-labelledby="agent-today-title" data-testid="desk-today">
          <h2 id="agent-today-title">{t('agent_home_today')}</h2>
          {today.length === 0 ? <p className="small muted">{t('agent_home_today_empty')}</p> : <BookingList bookings={today.slice(0, SHOWN)} />}
        </section>
        <section className="panel agent-card" aria-labelledby="agent-waiting-title" data-testid="desk-waiting">
          <h2 id="agent-waiting-title">{t('agent_home_waiting')}</h2>
          {waiting.length === 0 ? <p className="small muted">{t('agent_home_waiting_empty')}</p> : <QuoteList quotes={waiting.slice(0, SHOWN)} />}
        </section>
      </div>
    </div>
  );
}

function BookingList({ bookings }: { bookings: AgentBooking[] }) {
  const t = useT();
  const money = useMoney();
  const { range } = useDates();
  return (
    <ul className="agent-home__list" role="list">
      {bookings.map((b) => (
        <li key={b.booking_id}>
          <span>
            <strong>{b.product.name}</strong>
            <span className="agent-sub">
              {titledName(t, b.client.name)} · {range(b.check_in, b.check_out)}
            </span>
            {supplierReference(b) ? <span className="agent-sub">{t('agent_supplier_reference', { reference: supplierReference(b)! })}</span> : null}
          </span>
          <span className="agent-home__figure">
            {money(b.total, b.currency)}
            <span className={`badge agent-badge-${shownStatus(b)}`}>{t(`agent_status_${shownStatus(b)}`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function QuoteList({ quotes }: { quotes: AgentQuote[] }) {
  const t = useT();
  const money = useMoney();
  const { range } = useDates();
  return (
    <ul className="agent-home__list" role="list">
      {quotes.map((q) => (
        <li key={q.quote_id}>
          <span>
            <strong>{q.product.name}</strong>
            <span className="agent-sub">
              {titledName(t, q.client.name)} · {range(q.check_in, q.check_out)}
            </span>
          </span>
          <span className="agent-home__figure">{money(q.total, q.currency)}</span>
        </li>
      ))}
    </ul>
  );
}
