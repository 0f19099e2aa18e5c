// The booking confirmation (/checkout-success?booking=…, or the older ?booking_id=…): what was booked and paid. After a card
// payment it waits for the provider's confirmation, asking the server with a growing pause (no polling storm).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Money from '../ui/Money';
import CardPhoto from '../ui/CardPhoto';
import { loadBooking } from '../../stores/booking';
import { $language, useT } from '../../stores/locale';
import { $signedIn, $userType } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import { LAST_BOOKING_KEY } from '../../stores/search';
import PackageBadge from './PackageBadge';
import CancellationPolicy from './CancellationPolicy';
import { formatDay, LONG_DAY } from '../../shared/rules/format-day';
import { toMinor } from '../../shared/rules/money';
import { awaitingSupplier, supplierReference, type SupplierStatusOf } from '../../shared/rules/supplier-status';
import type { BookingReply, CheckoutReply } from '../../shared/contract/booking-replies';
import type { ProductPhoto } from '../../shared/contract/photos';

/** The checkout's own reply (kept in the tab) until the booking's full reply arrives. */
type Confirmed = CheckoutReply & Partial<BookingReply>;

/** Pauses between two questions to the server while a payment is confirmed: 1 s growing by half up to 10 s, for about 3 minutes. */
export function nextPollDelay(previousMs: number | null): number {
  return previousMs === null ? 1_000 : Math.min(10_000, Math.round(previousMs * 1.5));
}
const POLL_GIVE_UP_MS = 3 * 60_000;
const STILL_WAITING_MS = 20_000;

/** Still to be settled: the payment, or (a bed bank's hotel, decision 0070) the supplier's booking once paid. */
const awaited = (b: SupplierStatusOf) => b.status === 'PENDING_PAYMENT' || awaitingSupplier(b);

export default function CheckoutSuccess() {
  const t = useT();
  const language = useStore($language);
  const signedIn = useStore($signedIn);
  // An agent's bookings (a client's, paid by card here) are listed in the agent's own history, not a traveller's.
  const agent = useStore($userType) === 1;
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [booking, setBooking] = useState<Confirmed | null>(null);

  const [stillWaiting, setStillWaiting] = useState(false);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const idParam = query.get('booking') ?? query.get('booking_id');
    setBookingId(idParam);
    try {
      const stored = JSON.parse(sessionStorage.getItem(LAST_BOOKING_KEY) ?? 'null') as Confirmed | null;
      if (stored && stored.booking_id === idParam) setBooking(stored);
    } catch {
      /* nothing stored in this tab */
    }
  }, []);
  useEffect(() => {
    if (!bookingId || signedIn === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async (delay: number | null) => {
      try {
        const data = await loadBooking(bookingId);
        if (stopped) return;
        setBooking((prev) => ({ ...prev, ...data }));
        if (!awaited(data)) return;
      } catch {
        if (stopped) return;
      }
      const waited = Date.now() - started;
      if (waited > STILL_WAITING_MS) setStillWaiting(true);
      if (waited > POLL_GIVE_UP_MS) return;
      const next = nextPollDelay(delay);
      timer = setTimeout(() => void ask(next), next);
    };
    void ask(null);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn, bookingId]);

  if (!bookingId)
    return (
      <p className="alert">
        {t('bk_no_booking')} <a href="/">{t('bk_back_to_search')}</a>
      </p>
    );
  const status = booking?.status;
  if (status === 'PENDING_PAYMENT' || (booking && awaited(booking)))
    return (
      <section className="panel bk-success stack" aria-labelledby="bk-waiting-title" aria-busy="true" data-testid="payment-waiting">
        <h2 id="bk-waiting-title">
          <span className="spinner spinner-sm" aria-hidden="true" /> {t('bk_payment_waiting')}
        </h2>
        <p>
          {t('bk_booking_reference')} <strong data-testid="booking-id">{bookingId}</strong>
        </p>
        <p role="status">{stillWaiting ? t('bk_payment_still_waiting') : ''}</p>
      </section>
    );
  if (status === 'EXPIRED' || status === 'REFUNDED' || status === 'FAILED')
    return (
      <section className="panel stack" data-testid="payment-not-confirmed">
        <p className="alert alert-error" role="alert">
          {t(status === 'EXPIRED' ? 'bk_payment_expired' : status === 'FAILED' ? 'bk_supplier_failed' : 'bk_payment_refunded')}
        </p>
        <p>
          {t('bk_booking_reference')} <strong data-testid="booking-id">{bookingId}</strong>
        </p>
        <a className="btn" href="/">
          {t('bk_book_another')}
        </a>
      </section>
    );
  const paidByCard = (booking?.paid_amount ?? 0) > 0;
  const day = (d: string) => formatDay(language, d, LONG_DAY);
  return (
    <section className="panel bk-success stack" aria-labelledby="bk-success-title" data-testid="confirmation">
      <div className="bk-success__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="bk-success-title">{t(paidByCard ? 'bk_payment_received' : 'bk_booking_confirmed')}</h2>
      <p>
        {t('bk_booking_reference')} <strong data-testid="booking-id">{bookingId}</strong> {booking ? <PackageBadge booking={booking} /> : null}
      </p>
      {booking && supplierReference(booking) ? <p data-testid="supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(booking)! })}</p> : null}
      {booking ? (
        // The photo's place is kept until the booking's own reply says whether it has one (the tab's copy does not
        // know), so the summary does not move when it arrives.
        <div className={booking.photo === null ? undefined : 'bk-success__summary'}>
          {booking.photo === undefined ? <CardPhoto src="" sizes="" className="bk-success__photo" /> : null}
          {booking.photo ? (
            <CardPhoto
              className="bk-success__photo"
              src={booking.photo.src}
              alt={booking.photo.alt[language as keyof ProductPhoto['alt']] ?? booking.product_name ?? ''}
              sizes="(min-width: 640px) 240px, calc(100vw - 4rem)"
              width={booking.photo.width}
              height={booking.photo.height}
              first
            />
          ) : null}
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
                <dd data-testid="success-dates">{booking.check_out ? `${day(booking.check_in)} – ${day(booking.check_out)}` : day(booking.check_in)}</dd>
              </div>
            ) : null}
            {booking.guests ? (
              <div>
                <dt>{t('bk_guests')}</dt>
                <dd data-testid="success-guests">{t('bk_guests_n', { n: booking.guests })}</dd>
              </div>
            ) : null}
            {booking.price !== undefined ? (
              <div>
                <dt>{t('bk_price')}</dt>
                <dd>
                  <Money amount={booking.price} currency={booking.currency} testId="success-price" />
                </dd>
              </div>
            ) : null}
            {booking.certificate_amount ? (
              <div>
                <dt>{t('bk_certificate')}</dt>
                <dd>
                  −<Money amount={booking.certificate_amount} currency={booking.currency} testId="success-certificate" />
                </dd>
              </div>
            ) : null}
            {booking.discount_amount ? (
              <div>
                <dt>{t('bk_discount_card')}</dt>
                <dd>
                  −<Money amount={booking.discount_amount} currency={booking.currency} testId="success-discount" />
                </dd>
              </div>
            ) : null}
            {booking.cash_amount ? (
              <div>
                <dt>{t('bk_cash_card')}</dt>
                <dd>
                  −<Money amount={booking.cash_amount} currency={booking.currency} testId="success-cash" />
                </dd>
              </div>
            ) : null}
            {paidByCard ? (
              <div>
                <dt>{t('bk_paid_by_card')}</dt>
                <dd>
                  <Money amount={booking.paid_amount!} currency={booking.currency} testId="paid-by-card" />
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
        </div>
      ) : null}
      {booking?.product_type && booking.check_in ? (
        <CancellationPolicy
          productType={booking.product_type}
          checkIn={booking.check_in}
          timeZone={booking.time_zone ?? 'UTC'}
          deadline={booking.free_cancellation_deadline}
          percentAfter={booking.cancellation_fee_percent}
          priceMinor={toMinor(booking.price, booking.currency)}
          currency={booking.currency}
        />
      ) : null}
      <p className="muted">{t('bk_confirmation_sent')}</p>
      <div className="cluster">
        <a className="btn btn-primary" href={`/manage-booking?booking=${encodeURIComponent(bookingId)}`} data-testid="manage-link">
          {t('bk_manage_booking')}
        </a>
        {signedIn === true ? (
          <a className="btn" href={agent ? '/agent/booking-history' : '/user/booking-history'} data-testid="history-link">
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
