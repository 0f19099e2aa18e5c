// /admin/bookings: the org's bookings filtered by day and status, one opened in full, and the same list as a CSV file.
import Pager from './Pager';
import { useState, type FormEvent } from 'react';
import { useT } from '../../stores/locale';
import { bookingsCsvHref, listBookings, type BookingFilter } from '../../stores/console-ops';
import { BOOKING_STATUSES, type AdminBookingEntry } from '../../shared/contract/console-ops';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';

function Detail({ b, onClose }: { b: AdminBookingEntry; onClose: () => void }) {
  const t = useT();
  return (
    <section className="console-group" aria-labelledby="booking-detail" data-testid="booking-detail">
      <h2 id="booking-detail">{t('ops_bookings_detail', { ref: b.booking_id })}</h2>
      <dl className="console-grid">
        <div><dt>{t('ops_bookings_status')}</dt><dd>{t(`bk_status_${b.status}`) || b.status}</dd></div>
        <div><dt>{t('ops_bookings_made')}</dt><dd>{b.created_at.slice(0, 16).replace('T', ' ')}</dd></div>
        <div><dt>{t('ops_bookings_member')}</dt><dd className="console-break">{b.email ?? '—'}</dd></div>
        <div><dt>{t('ops_bookings_traveler')}</dt><dd>{b.traveler || '—'}</dd></div>
        <div><dt>{t('ops_bookings_product')}</dt><dd>{b.product_name} ({b.product_type}), {b.city}</dd></div>
        <div><dt>{t('ops_bookings_dates')}</dt><dd>{b.check_in}{b.check_out ? ` → ${b.check_out}` : ''}</dd></div>
        <div><dt>{t('ops_bookings_guests')}</dt><dd>{b.guests}</dd></div>
        <div>
          <dt>{t('ops_bookings_total')}</dt>
          <dd>
            {b.total} {b.currency}
            <br />
            <span className="console-muted">{t('ops_bookings_paid_by', { c: b.certificate_amount, d: b.discount_amount, k: b.cash_amount })}</span>
          </dd>
        </div>
      </dl>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        {t('ops_bookings_close')}
      </button>
    </section>
  );
}

function Bookings() {
  const t = useT();
  const [draft, setDraft] = useState<BookingFilter>({ from: '', to: '', status: '' });
  const [filter, setFilter] = useState<BookingFilter>(draft);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminBookingEntry | null>(null);
  const loaded = useConsoleLoad(() => listBookings(filter, page), [filter, page]);
  const apply = (e: FormEvent) => (e.preventDefault(), setPage(1), setOpen(null), setFilter(draft));
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
      {open && <Detail b={open} onClose={() => setOpen(null)} />}
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.data.length === 0 && <p className="console-muted">{t('ops_none')}</p>}
      {loaded.data && loaded.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">{t('ops_bookings_ref')}</th>
                <th scope="col">{t('ops_bookings_made')}</th>
                <th scope="col">{t('ops_bookings_member')}</th>
                <th scope="col">{t('ops_bookings_product')}</th>
                <th scope="col">{t('ops_bookings_status')}</th>
                <th scope="col" className="num">{t('ops_bookings_total')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.data.map((b) => (
                <tr key={b.booking_id}>
                  <td data-label={t('ops_bookings_ref')}><code>{b.booking_id}</code></td>
                  <td data-label={t('ops_bookings_made')}>{b.created_at.slice(0, 10)}</td>
                  <td data-label={t('ops_bookings_member')} className="console-break">{b.email ?? '—'}</td>
                  <td data-label={t('ops_bookings_product')}>{b.product_name}</td>
                  <td data-label={t('ops_bookings_status')}>{t(`bk_status_${b.status}`) || b.status}</td>
                  <td data-label={t('ops_bookings_total')} className="num">{b.total} {b.currency}</td>
                  <td>
                    <button type="button" className="btn btn-sm btn-secondary" aria-label={`${t('ops_bookings_open')} ${b.booking_id}`} onClick={() => setOpen(b)}>
                      {t('ops_bookings_open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={loaded.data?.count ?? 0} perPage={loaded.data?.per_page ?? 20} onPage={setPage} />
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
