// The booking confirmation (/checkout-success?booking_id=…): what was booked and paid, from the reservation list or this tab's checkout.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Money from './Money';
import { api } from '../shared/api-client';
import { $language, useT } from '../stores/locale';
import { $signedIn } from '../stores/session';
import { runStartup } from '../stores/startup';
import { LAST_BOOKING_KEY } from '../stores/search';
import PackageBadge from './PackageBadge';
import { formatDay, LONG_DAY } from '../shared/format-day';

interface Confirmed {
  booking_id: string;
  status: string;
  product_name?: string;
  city?: string;
  check_in?: string;
  check_out?: string | null;
  guests?: number;
  price?: number;
  certificate_amount?: number;
  discount_amount?: number;
  cash_amount?: number;
  total: number;
  currency: string;
  is_package?: number;
}

export default function CheckoutSuccess() {
  const t = useT();
  const language = useStore($language);
  const signedIn = useStore($signedIn);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [booking, setBooking] = useState<Confirmed | null>(null);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const idParam = new URLSearchParams(location.search).get('booking_id');
    setBookingId(idParam);
    try {
      const stored = JSON.parse(sessionStorage.getItem(LAST_BOOKING_KEY) ?? 'null') as Confirmed | null;
      if (stored && stored.booking_id === idParam) setBooking(stored);
    } catch {
      /* nothing stored in this tab */
    }
  }, []);
  useEffect(() => {
    if (signedIn !== true || !bookingId) return;
    api<{ data: Confirmed[] }>('/api/reservations', { body: { json: { token: '' } } })
      .then((r) => {
        const found = r.data.find((b) => b.booking_id === bookingId);
        if (found) setBooking(found);
      })
      .catch(() => {});
  }, [signedIn, bookingId]);

  if (!bookingId)
    return (
      <p className="alert">
        {t('bk_no_booking')} <a href="/">{t('bk_back_to_search')}</a>
      </p>
    );
  const day = (d: string) => formatDay(language, d, LONG_DAY);
  return (
    <section className="panel bk-success stack" aria-labelledby="bk-success-title" data-testid="confirmation">
      <div className="bk-success__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="bk-success-title">{t('bk_booking_confirmed')}</h2>
      <p>
        {t('bk_booking_reference')} <strong data-testid="booking-id">{bookingId}</strong> {booking ? <PackageBadge booking={booking} /> : null}
      </p>
      {booking ? (
        <dl className="bk-amounts">
          {booking.product_name ? (
            <div>
              <dt>{t('bk_booked')}</dt>
              <dd>
                {booking.product_name}
                {booking.city ? `, ${booking.city}` : ''}
              </dd>
            </div>
          ) : null}
          {booking.check_in ? (
            <div>
              <dt>{t('bk_dates')}</dt>
              <dd>{booking.check_out ? `${day(booking.check_in)} – ${day(booking.check_out)}` : day(booking.check_in)}</dd>
            </div>
          ) : null}
          {booking.certificate_amount ? (
            <div>
              <dt>{t('bk_certificate')}</dt>
              <dd>
                −<Money amount={booking.certificate_amount} currency={booking.currency} />
              </dd>
            </div>
          ) : null}
          {booking.discount_amount ? (
            <div>
              <dt>{t('bk_discount_card')}</dt>
              <dd>
                −<Money amount={booking.discount_amount} currency={booking.currency} />
              </dd>
            </div>
          ) : null}
          {booking.cash_amount ? (
            <div>
              <dt>{t('bk_cash_card')}</dt>
              <dd>
                −<Money amount={booking.cash_amount} currency={booking.currency} />
              </dd>
            </div>
          ) : null}
          <div className="bk-amounts__total">
            <dt>{t('bk_total_paid')}</dt>
            <dd>
              <Money amount={booking.total} currency={booking.currency} testId="paid-total" />
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="muted">{t('bk_confirmation_sent')}</p>
      <div className="cluster">
        {signedIn === true ? (
          <a className="btn btn-primary" href="/user/booking-history">
            {t('bk_see_bookings')}
          </a>
        ) : null}
        <a className="btn" href="/">
          {t('bk_book_another')}
        </a>
      </div>
    </section>
  );
}
