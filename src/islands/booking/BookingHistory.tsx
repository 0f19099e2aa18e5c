// The user's bookings from POST /api/reservations: every booking (/user/booking-history) or trips ahead and past
// (/user/my-trips); /user-details shows both in its sections. "Paid" is the money received by card (less what was
// refunded of it), never what is still owed; a booking waiting for its payment offers "Complete payment" and "Cancel"
// (docs/contract.md#unpaid-bookings), the cancel asked first in the cancel dialog.
import CardPhoto from '../ui/CardPhoto';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Money from '../ui/Money';
import PackageBadge from './PackageBadge';
import UnpaidActions from './UnpaidActions';
import { isoDay } from '../../shared/rules/booking-dates';
import { loadReservations } from '../../stores/booking';
import { $language, useT } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { formatDay } from '../../shared/rules/format-day';
import { awaitingSupplier, shownStatus, supplierReference } from '../../shared/rules/supplier-status';
import type { Reservation } from '../../shared/contract/booking-replies';


/** On /user-details the list sits inside its own section, so its headings step one level down. */
export default function BookingHistory({ mode = 'history', headingLevel = 2 }: { mode?: 'history' | 'trips'; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 3 ? 'h3' : 'h2';
  const t = useT();
  const language = useStore($language);
  const signedIn = useStore($signedIn);
  const [list, setList] = useState<Reservation[] | null>(null);
  const [failed, setFailed] = useState(false);
  // What the last action on a row said.
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (signedIn !== true) return;
    loadReservations()
      .then(setList)
      .catch(() => setFailed(true));
  }, [signedIn]);

  if (signedIn !== true) return null;
  if (failed)
    return (
      <p className="alert alert-error" role="alert">
        {t('bk_history_failed')}
      </p>
    );
  if (!list)
    return (
      <div role="status" className="bk-wallet--loading">
        <span className="spinner" aria-hidden="true" /> {t('bk_loading')}
      </div>
    );
  if (list.length === 0)
    return (
      <div className="panel bk-empty" data-testid="bookings-empty">
        <p>{t('bk_no_bookings')}</p>
        <a className="btn btn-primary" href="/">
          {t('bk_start_search')}
        </a>
      </div>
    );

  const day = (d: string) => formatDay(language, d);
  const today = isoDay(new Date());
  const reload = () => loadReservations().then(setList).catch(() => undefined);

  if (mode === 'trips') {
    const ahead = list.filter((b) => (b.check_out ?? b.check_in) >= today).sort((a, b) => a.check_in.localeCompare(b.check_in));
    const past = list.filter((b) => (b.check_out ?? b.check_in) < today);
    return (
      <div className="stack" data-testid="trips">
        <section aria-labelledby="bk-trips-ahead">
          <H id="bk-trips-ahead">{t('bk_upcoming_trips')}</H>
          {ahead.length ? <TripCards list={ahead} day={day} headingLevel={headingLevel} /> : <p className="muted">{t('bk_no_upcoming')}</p>}
        </section>
        <section aria-labelledby="bk-trips-past">
          <H id="bk-trips-past">{t('bk_past_trips')}</H>
          {past.length ? <TripCards list={past} day={day} headingLevel={headingLevel} /> : <p className="muted">{t('bk_no_past')}</p>}
        </section>
      </div>
    );
  }
  return (
    <div className="stack">
      <div aria-live="polite">{message ? <p className={message.ok ? 'alert' : 'alert alert-error'} data-testid="history-message">{message.text}</p> : null}</div>
      <div className="table-wrap">
        <table className="table table-stack bk-history" data-testid="bookings">
          <caption className="visually-hidden">{t('bk_your_bookings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bk_booking_reference')}</th>
              <th scope="col">{t('bk_booked')}</th>
              <th scope="col">{t('bk_dates')}</th>
              <th scope="col">{t('bk_guests')}</th>
              <th scope="col">{t('bk_wallet_used')}</th>
              <th scope="col">{t('bk_total_paid')}</th>
              <th scope="col">{t('bk_status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b.booking_id} data-testid="booking-row" data-booking-id={b.booking_id}>
                <td data-label={t('bk_booking_reference')}>
                  <a href={`/manage-booking?booking=${encodeURIComponent(b.booking_id)}`} aria-label={`${t('bk_manage')} ${b.booking_id}`}>
                    <code>{b.booking_id}</code>
                  </a>
                </td>
                <td data-label={t('bk_booked')}>
                  <a href={`/hotel-details?id=${b.product_id}`}>{b.product_name}</a> <PackageBadge booking={b} />
                  <div className="muted small">{b.city}</div>
                </td>
                <td data-label={t('bk_dates')}>{b.check_out ? `${day(b.check_in)} – ${day(b.check_out)}` : day(b.check_in)}</td>
                <td data-label={t('bk_guests')}>{b.guests}</td>
                <td data-label={t('bk_wallet_used')}>
                  {b.cards.length === 0
                    ? '—'
                    : b.cards.map((card) => (
                        <div key={card.card_code} className="small">
                          {t('labelled', { label: t(`bk_kind_${card.kind}`) })} −<Money amount={card.amount} currency={b.currency} />
                        </div>
                      ))}
                </td>
                <td data-label={t('bk_total_paid')}>
                  <Money amount={b.paid_amount} currency={b.currency} testId="booking-total" />
                  {b.refunded_amount > 0 ? (
                    <div className="small muted">
                      {t('labelled', { label: t('bk_refunded') })} <Money amount={b.refunded_amount} currency={b.currency} testId="booking-refunded" />
                    </div>
                  ) : null}
                </td>
                <td data-label={t('bk_status')}>
                  <span className={awaitingSupplier(b) ? 'badge badge-accent' : 'badge'} data-testid="booking-status">{t(`bk_status_${shownStatus(b)}`) || b.status}</span>
                  {supplierReference(b) ? <div className="small muted" data-testid="supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(b)! })}</div> : null}
                  {b.status === 'PENDING_PAYMENT' ? <UnpaidActions booking={b} onMessage={setMessage} onChanged={() => void reload()} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function TripCards({ list, day, headingLevel }: { list: Reservation[]; day: (d: string) => string; headingLevel: 2 | 3 }) {
  const t = useT();
  const H = headingLevel === 3 ? 'h4' : 'h3';
  return (
    <ul className="grid grid-3" role="list">
      {list.map((b) => (
        <li key={b.booking_id} className="card" data-testid="trip">
          <div className="card-media"><CardPhoto src={b.image} sizes="(min-width: 768px) 400px, 100vw" width={400} height={250} /></div>
          <div className="card-body bk-trip-card">
            <H className="card-title">{b.product_name}</H>
            <PackageBadge booking={b} />
            <p className="muted small">{b.city}</p>
            <p className="small">{b.check_out ? `${day(b.check_in)} – ${day(b.check_out)}` : day(b.check_in)}</p>
            <p className="small">
              {t('bk_booking_reference')} <code>{b.booking_id}</code>
            </p>
            {awaitingSupplier(b) ? <span className="badge badge-accent" data-testid="booking-status">{t(`bk_status_${shownStatus(b)}`)}</span> : null}
            {supplierReference(b) ? <p className="small" data-testid="supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(b)! })}</p> : null}
            <Money amount={b.total} currency={b.currency} className="price" />
          </div>
        </li>
      ))}
    </ul>
  );
}
