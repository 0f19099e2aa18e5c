// /admin/bookings: every booking of the org (members', guests', agents' on account and by card) filtered by day and
// status, one opened in full, "Cancel and refund" with the quote first, and the same list as a CSV file. Amounts in
// the page's language and the booking's currency (decision 0066). `?ref=` (the Suppliers page's link) shows that one
// booking opened, with a way back to all of them.
import Pager from './Pager';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $language, useT } from '../../stores/locale';
import { formatMoney, toMinor } from '../../shared/rules/money';
import { bookingsCsvHref, listBookings, type BookingFilter } from '../../stores/console-ops';
import { BOOKING_STATUSES, type AdminBookingEntry } from '../../shared/contract/console-ops';
import Money from '../ui/Money';
import { awaitingSupplier, shownStatus, supplierReference } from '../../shared/rules/supplier-status';
import AdminCancelDialog from './AdminCancelDialog';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';

type T = ReturnType<typeof useT>;

/** Who booked: the member, else the agent (and on whose account), else a guest. */
function whoBooked(t: T, b: AdminBookingEntry): string {
  if (b.agent) return t('ops_bookings_by_agent', { name: b.agent.name });
  return b.member ?? t('ops_bookings_guest');
}

/** A bed bank's booking the hotel is still confirming is not offered for cancelling: the supplier is asked first. */
const cancellable = (b: AdminBookingEntry) => !awaitingSupplier(b) && (b.status === 'CONFIRMED' || (!b.on_account && b.status === 'PENDING_PAYMENT'));

/** One booking in full; `arrived` (opened for the page's `?ref=`): its heading is focused and scrolled to. */
function Detail({ b, onClose, arrived = false }: { b: AdminBookingEntry; onClose: () => void; arrived?: boolean }) {
  const t = useT();
  const language = useStore($language);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrived) heading.current?.focus();
  }, [arrived]);
  const money = (amount: number) => <Money amount={amount} currency={b.currency} />;
  const format = (amount: number) => formatMoney(toMinor(amount, b.currency), b.currency, language);
  return (
    <section className="console-group" aria-labelledby="booking-detail" data-testid="booking-detail">
      <h2 id="booking-detail" ref={heading} tabIndex={-1}>
        {t('ops_bookings_detail', { ref: b.booking_id })}
      </h2>
      <dl className="console-grid">
        <div><dt>{t('ops_bookings_status')}</dt><dd data-testid="detail-status">{t(`bk_status_${shownStatus(b)}`) || b.status}</dd></div>
        <div><dt>{t('ops_bookings_made')}</dt><dd>{b.created_at.slice(0, 16).replace('T', ' ')}</dd></div>
        <div><dt>{t('ops_bookings_member')}</dt><dd className="console-break">{b.member ?? '—'}</dd></div>
        {b.agent && (
          <div>
            <dt>{t('ops_bookings_agent')}</dt>
            <dd className="console-break">
              {b.agent.name} ({b.agent.email}){b.on_account ? <><br /><span className="console-muted">{t('ops_bookings_on_account')}</span></> : null}
            </dd>
          </div>
        )}
        <div><dt>{t('ops_bookings_traveler')}</dt><dd>{b.traveler || '—'}</dd></div>
        <div>
          <dt>{t('ops_bookings_product')}</dt>
          <dd>
            {b.product_name} ({b.product_type}), {b.city}
            {supplierReference(b) ? <><br /><span data-testid="detail-supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(b)! })}</span></> : null}
          </dd>
        </div>
        <div><dt>{t('ops_bookings_dates')}</dt><dd>{b.check_in}{b.check_out ? ` → ${b.check_out}` : ''}</dd></div>
        <div><dt>{t('ops_bookings_guests')}</dt><dd>{b.guests}</dd></div>
        <div><dt>{t('ops_bookings_total')}</dt><dd data-testid="detail-total">{money(b.total)}</dd></div>
        <div><dt>{t('ops_bookings_paid_by_card')}</dt><dd>{money(b.paid_by_card)}</dd></div>
        <div>
          <dt>{t('ops_bookings_wallet')}</dt>
          <dd>
            {t('ops_bookings_paid_by', { c: format(b.wallet.certificate), d: format(b.wallet.discount), k: format(b.wallet.cash) })}
          </dd>
        </div>
        <div><dt>{t('ops_bookings_refunded')}</dt><dd data-testid="detail-refunded">{money(b.refunded)}</dd></div>
        <div><dt>{t('ops_bookings_payment_ref')}</dt><dd className="console-break"><code>{b.payment_reference ?? '—'}</code></dd></div>
      </dl>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        {t('ops_bookings_close')}
      </button>
    </section>
  );
}

/** The booking the page was opened for (`?ref=`), or none. */
const refAsked = () => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('ref') ?? '').trim());

function Bookings() {
  const t = useT();
  const [draft, setDraft] = useState<BookingFilter>(() => ({ from: '', to: '', status: '', ref: refAsked() }));
  const [filter, setFilter] = useState<BookingFilter>(draft);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminBookingEntry | null>(null);
  const [cancelling, setCancelling] = useState<AdminBookingEntry | null>(null);
  const [message, setMessage] = useState('');
  const language = useStore($language);
  const loaded = useConsoleLoad(() => listBookings(filter, page), [filter, page]);
  const apply = (e: FormEvent) => (e.preventDefault(), setPage(1), setOpen(null), setFilter(draft));
  // Opened for one booking: it is shown opened once found.
  const openedFor = useRef('');
  useEffect(() => {
    const only = loaded.data?.data;
    if (!filter.ref || openedFor.current === filter.ref || only?.length !== 1 || only[0]!.booking_id !== filter.ref) return;
    openedFor.current = filter.ref;
    setOpen(only[0]!);
  }, [loaded.data, filter.ref]);
  function showAll() {
    const all = { ...filter, ref: '' };
    setDraft(all);
    setFilter(all);
    setPage(1);
    setOpen(null);
    const url = new URL(location.href);
    url.searchParams.delete('ref');
    history.replaceState(history.state, '', url);
  }

  function cancelled(after: AdminBookingEntry, before: AdminBookingEntry) {
    setCancelling(null);
    if (loaded.data) loaded.setData({ ...loaded.data, data: loaded.data.data.map((b) => (b.booking_id === after.booking_id ? after : b)) });
    if (open?.booking_id === after.booking_id) setOpen(after);
    if (after.on_account) return setMessage(t('ops_cancel_done_on_account', { ref: after.booking_id }));
    const refunded = after.refunded - before.refunded;
    setMessage(t('ops_cancel_done', { ref: after.booking_id, amount: formatMoney(toMinor(refunded, after.currency), after.currency, language) }));
  }

  return (
    <div className="console-form">
      <form className="console-group" onSubmit={apply}>
        <div className="console-grid">
          <div className="field">
            <label htmlFor="bookings-from">{t('ops_bookings_from')}</label>
            <input className="input" id="bookings-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="bookings-to">{t('ops_bookings_to')}</label>
            <input className="input" id="bookings-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="bookings-status">{t('ops_bookings_status')}</label>
            <select className="select" id="bookings-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
              <option value="">{t('ops_bookings_any')}</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`bk_status_${s}`) || s}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary">
            {t('ops_bookings_filter')}
          </button>
          <a className="btn btn-secondary" href={bookingsCsvHref(filter)} download>
            {t('ops_bookings_export')}
          </a>
        </div>
      </form>
      {filter.ref && (
        <p className="console-actions" data-testid="bookings-only">
          <span>{t('ops_bookings_only', { ref: filter.ref })}</span>
          <button type="button" className="btn btn-sm btn-secondary" onClick={showAll}>
            {t('ops_bookings_show_all')}
          </button>
        </p>
      )}
      <p className="console-status" role="status" data-testid="bookings-message">
        {message}
      </p>
      {open && <Detail b={open} onClose={() => setOpen(null)} arrived={open.booking_id === openedFor.current} />}
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.data.length === 0 && <p className="console-muted">{t('ops_none')}</p>}
      {loaded.data && loaded.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">{t('ops_bookings_ref')}</th>
                <th scope="col">{t('ops_bookings_who')}</th>
                <th scope="col">{t('ops_bookings_product')}</th>
                <th scope="col">{t('ops_bookings_status')}</th>
                <th scope="col" className="num">{t('ops_bookings_total')}</th>
                <th scope="col" className="num">{t('ops_bookings_paid_by_card')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.data.map((b) => (
                <tr key={b.booking_id} data-testid="booking-row" data-ref={b.booking_id}>
                  <td data-label={t('ops_bookings_ref')}>
                    <code>{b.booking_id}</code>
                    <br />
                    <span className="console-muted">{b.created_at.slice(0, 10)}</span>
                  </td>
                  <td data-label={t('ops_bookings_who')} className="console-break">
                    {whoBooked(t, b)}
                    {b.on_account ? <><br /><span className="console-muted">{t('ops_bookings_on_account')}</span></> : null}
                  </td>
                  <td data-label={t('ops_bookings_product')}>
                    {b.product_name}
                    {supplierReference(b) ? <><br /><span className="console-muted" data-testid="supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(b)! })}</span></> : null}
                  </td>
                  <td data-label={t('ops_bookings_status')} data-testid="booking-status">{t(`bk_status_${shownStatus(b)}`) || b.status}</td>
                  <td data-label={t('ops_bookings_total')} className="num"><Money amount={b.total} currency={b.currency} testId="booking-total" /></td>
                  <td data-label={t('ops_bookings_paid_by_card')} className="num">
                    <Money amount={b.paid_by_card} currency={b.currency} />
                    {b.refunded > 0 && (
                      <>
                        <br />
                        <span className="console-muted">
                          {t('ops_bookings_refunded')} <Money amount={b.refunded} currency={b.currency} testId="booking-refunded" />
                        </span>
                      </>
                    )}
                  </td>
                  <td>
                    <div className="console-row-actions">
                      <button type="button" className="btn btn-sm btn-secondary" aria-label={`${t('ops_bookings_open')} ${b.booking_id}`} onClick={() => setOpen(b)}>
                        {t('ops_bookings_open')}
                      </button>
                      {cancellable(b) && (
                        <button type="button" className="btn btn-sm btn-danger" aria-label={`${t('ops_cancel_action')} ${b.booking_id}`} onClick={() => (setMessage(''), setCancelling(b))}>
                          {t('ops_cancel_action')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={loaded.data?.count ?? 0} perPage={loaded.data?.per_page ?? 20} onPage={setPage} />
      {cancelling && <AdminCancelDialog booking={cancelling} onClose={() => setCancelling(null)} onCancelled={(after) => cancelled(after, cancelling)} />}
    </div>
  );
}

export default function BookingsPage() {
  return (
    <ConsoleGate section="admin">
      <Bookings />
    </ConsoleGate>
  );
}
