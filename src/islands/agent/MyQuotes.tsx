// /agent/my-quotes: the agent's quotes — make one (from a product search, or from ?product_id= / ?client_id= links),
// send it to the client, book it on account within the credit limit or on the client's card (docs/decisions/0029).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AgentQuote, PayBy, QuoteStatus } from '../../shared/contract/agent';
import { QUOTE_STATUSES } from '../../shared/contract/agent-text';
import { $credit, $quotes, bookQuote, cancelAgentBooking, loadAgentProfile, loadQuotes, sendQuote } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { titledName } from '../../shared/i18n/person-title';
import { awaitingSupplier, supplierReference } from '../../shared/rules/supplier-status';
import Dialog from '../ui/Dialog';
import AgentAway from './AgentAway';
import { AgentLoading } from './AgentLoad';
import QuoteBuilder, { type Stay } from './QuoteBuilder';
import { agentFailure, useAgentAccess, useDates, useMoney } from './agent-ui';

interface Preset {
  productId?: number;
  clientId?: number;
  stay: Stay;
}

const positive = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const isoDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** What a link into this page asks for: ?new=1, or a product / client to start from, and the stay. */
function presetFromUrl(search: string): Preset | null {
  const p = new URLSearchParams(search);
  const productId = positive(p.get('product_id'));
  const clientId = positive(p.get('client_id'));
  if (!p.has('new') && !productId && !clientId) return null;
  return { productId, clientId, stay: { check_in: isoDay(p.get('check_in')), check_out: isoDay(p.get('check_out')), guests: positive(p.get('guests')) } };
}

export default function MyQuotes() {
  const t = useT();
  const money = useMoney();
  const { day } = useDates();
  const access = useAgentAccess();
  const quotes = useStore($quotes);
  const credit = useStore($credit);
  const [filter, setFilter] = useState<QuoteStatus | ''>('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [building, setBuilding] = useState<Preset | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const [booking, setBooking] = useState<AgentQuote | null>(null);
  const [bookError, setBookError] = useState('');
  const [payBy, setPayBy] = useState<PayBy>('account');

  async function load(which = filter) {
    setError('');
    try {
      await loadQuotes(which || undefined);
    } catch (err) {
      setError(agentFailure(t, err));
    }
  }

  useEffect(() => {
    if (access !== 'agent') return;
    // Back from the payment page without paying: the pending card booking lets go of its payment, the quote reopens.
    const back = new URLSearchParams(location.search);
    const given = back.get('payment') === 'cancelled' ? back.get('booking') : null;
    if (given && /^[A-Z0-9-]{1,40}$/.test(given)) {
      history.replaceState(null, '', location.pathname);
      // Said only once the booking has let go: a failed cancel says why (the booking then waits under Bookings, unpaid).
      void cancelAgentBooking(given)
        .then(() => ({ cancelled: true as const }), (err: unknown) => ({ cancelled: false as const, err }))
        .then(async (outcome) => {
          await load();
          if (outcome.cancelled) setStatus(t('agent_pay_cancelled'));
          else setError(`${agentFailure(t, outcome.err)} ${t('agent_pay_cancel_failed')}`);
        });
      void loadAgentProfile().catch(() => undefined);
      return;
    }
    void load();
    void loadAgentProfile().catch(() => undefined);
    const preset = presetFromUrl(location.search);
    if (preset) setBuilding(preset);
  }, [access]);

  function closeBuilder() {
    setBuilding(null);
    if (location.search) history.replaceState(null, '', location.pathname);
  }

  async function send(q: AgentQuote) {
    setWorking(q.quote_id);
    setStatus('');
    setError('');
    try {
      const sent = await sendQuote(q.quote_id);
      setStatus(`${t('agent_sent_to')} ${sent.client.email}`);
    } catch (err) {
      setError(agentFailure(t, err));
    } finally {
      setWorking(null);
    }
  }

  async function confirmBooking() {
    if (!booking) return;
    setWorking(booking.quote_id);
    setBookError('');
    try {
      const result = await bookQuote(booking.quote_id, payBy);
      if (result.payment_url) {
        location.assign(result.payment_url);
        return;
      }
      setBooking(null);
      // A bed bank's hotel: the supplier's reference once it holds the booking, else that the hotel has yet to confirm it.
      const reference = supplierReference(result);
      const atHotel = reference ? t('agent_supplier_reference', { reference }) : awaitingSupplier(result) ? t('agent_status_AWAITING_SUPPLIER') : '';
      setStatus(`${t('agent_booked_ref')} ${result.booking_id}${atHotel ? ` · ${atHotel}` : ''}`);
    } catch (err) {
      setBookError(agentFailure(t, err));
    } finally {
      setWorking(null);
    }
  }

  if (access !== 'agent') return <AgentAway access={access} />;

  return (
    <div className="stack" data-testid="my-quotes">
      <div className="agent-toolbar">
        <div className="field">
          <label htmlFor="quote-filter">{t('agent_quotes_filter')}</label>
          <select
            id="quote-filter"
            className="select"
            value={filter}
            onChange={(e) => {
              const next = e.target.value as QuoteStatus | '';
              setFilter(next);
              void load(next);
            }}
          >
            <option value="">{t('agent_status_all')}</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`agent_status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setBuilding({ stay: {} })} data-testid="quote-new">
          {t('agent_quotes_new')}
        </button>
      </div>
      <div aria-live="polite" className="agent-status-line">
        {status ? <p className="alert alert-success" data-testid="quote-status">{status}</p> : null}
      </div>
      {error ? (
        <p className="alert alert-error" role="alert" data-testid="quote-error">
          {error}
        </p>
      ) : null}
      {!quotes && !error ? <AgentLoading /> : null}
      {quotes && quotes.length === 0 ? <p className="muted">{t('agent_quotes_empty')}</p> : null}
      {quotes && quotes.length > 0 ? (
        <div className="table-wrap">
          <table className="table table-stack agent-table">
            <thead>
              <tr>
                <th scope="col">{t('agent_col_product')}</th>
                <th scope="col">{t('agent_col_client')}</th>
                <th scope="col">{t('agent_col_dates')}</th>
                <th scope="col" className="num">{t('agent_col_net')}</th>
                <th scope="col" className="num">{t('agent_col_markup')}</th>
                <th scope="col" className="num">{t('agent_col_total')}</th>
                <th scope="col">{t('agent_col_status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('agent_col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((q) => (
                <tr key={q.quote_id} data-testid="quote-row" data-quote-id={q.quote_id}>
                  <td data-label={t('agent_col_product')}>
                    <div className="agent-product">
                      {q.product.image ? <img src={q.product.image} alt="" width="44" height="32" loading="lazy" /> : null}
                      <div>
                        {q.product.name}
                        <span className="agent-sub">
                          {q.product.city} · Q-{q.quote_id}
                        </span>
                      </div>
                    </div>
                  </td>
                  <td data-label={t('agent_col_client')}>
                    {titledName(t, q.client.name)}
                    <span className="agent-sub" translate="no">{q.client.email}</span>
                  </td>
                  <td data-label={t('agent_col_dates')} className="agent-dates">
                    <span className="agent-nowrap">{day(q.check_in)}</span>
                    {q.check_out ? <span className="agent-nowrap"> – {day(q.check_out)}</span> : null}
                    <span className="agent-sub">
                      {q.guests} {t(q.guests === 1 ? 'agent_guest' : 'agent_guests')}
                      {q.nights ? ` · ${q.nights} ${t(q.nights === 1 ? 'agent_night' : 'agent_nights')}` : ''}
                    </span>
                  </td>
                  <td data-label={t('agent_col_net')} className="num">{money(q.net_price, q.currency)}</td>
                  <td data-label={t('agent_col_markup')} className="num">
                    {money(q.markup_amount, q.currency)}
                    <span className="agent-sub">{q.markup_percent} %</span>
                  </td>
                  <td data-label={t('agent_col_total')} className="num">
                    <strong data-testid="quote-total">{money(q.total, q.currency)}</strong>
                  </td>
                  <td data-label={t('agent_col_status')}>
                    <span className={`badge agent-badge-${q.status}`} data-testid="quote-state">
                      {t(`agent_status_${q.status}`)}
                    </span>
                    {q.booking_id ? <span className="agent-sub agent-nowrap">{q.booking_id}</span> : null}
                  </td>
                  <td data-label={t('agent_col_actions')} className="agent-actions agent-actions--stack">
                    <div>
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={working === q.quote_id}
                      onClick={() => void send(q)}
                      aria-label={`${t('labelled', { label: q.status === 'DRAFT' ? t('agent_send') : t('agent_resend') })} ${q.product.name}, ${titledName(t, q.client.name)}`}
                      data-testid="quote-send"
                    >
                      {working === q.quote_id ? t('agent_sending') : q.status === 'DRAFT' ? t('agent_send') : t('agent_resend')}
                    </button>
                    {q.status !== 'BOOKED' ? (
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={working === q.quote_id}
                        onClick={() => {
                          setBookError('');
                          setPayBy('account');
                          setBooking(q);
                        }}
                        aria-label={`${t('labelled', { label: t('agent_book') })} ${q.product.name}, ${titledName(t, q.client.name)}`}
                        data-testid="quote-book"
                      >
                        {t('agent_book')}
                      </button>
                    ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {building ? (
        <Dialog title={t("agent_quotes_new")} onClose={closeBuilder} closeLabel={t("agent_close")} closeOnEscape className="dialog-wide agent-dialog">
          <QuoteBuilder
            productId={building.productId}
            clientId={building.clientId}
            stay={building.stay}
            onCancel={closeBuilder}
            onCreated={() => {
              closeBuilder();
              setStatus(t('agent_quote_created'));
              if (filter) {
                setFilter('');
                void load('');
              }
            }}
          />
        </Dialog>
      ) : null}
      {booking ? (
        <Dialog title={t('agent_book_title')} subtitle={`${booking.product.name} · ${titledName(t, booking.client.name)}`} onClose={() => setBooking(null)} closeLabel={t('agent_close')} closeOnEscape>
          <fieldset className="agent-pay-by">
            <legend>{t('agent_pay_legend')}</legend>
            {(['account', 'card'] as const).map((way) => (
              <label key={way} className="agent-pay-by__choice">
                <input type="radio" name="pay_by" value={way} checked={payBy === way} onChange={() => setPayBy(way)} />
                <span>{t(way === 'account' ? 'agent_pay_account' : 'agent_pay_card')}</span>
              </label>
            ))}
          </fieldset>
          <dl className="agent-estimate">
            <dt>{t('agent_col_total')}</dt>
            <dd>{money(booking.total, booking.currency)}</dd>
            <dt className="agent-estimate__total">{t('agent_book_charge')}</dt>
            <dd className="agent-estimate__total" data-testid="book-charge">{money(payBy === 'card' ? 0 : booking.charged_usd, 'USD')}</dd>
            {credit && payBy === 'account' ? (
              <>
                <dt>{t('agent_credit_available')}</dt>
                <dd>{money(credit.available, credit.currency)}</dd>
              </>
            ) : null}
          </dl>
          {payBy === 'card' ? <p className="muted">{t('agent_pay_card_note')}</p> : null}
          <div aria-live="assertive">
            {bookError ? (
              <p className="alert alert-error" data-testid="book-error">
                {bookError}
              </p>
            ) : null}
          </div>
          <div className="agent-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setBooking(null)}>
              {t('agent_cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void confirmBooking()}
              disabled={working === booking.quote_id}
              aria-busy={working === booking.quote_id || undefined}
              data-autofocus
              data-testid="book-confirm"
            >
              {working === booking.quote_id ? <span className="spinner" aria-hidden="true" /> : null}
              <span>{working === booking.quote_id ? t('agent_booking') : t(payBy === 'card' ? 'agent_pay_card_confirm' : 'agent_book_confirm')}</span>
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
