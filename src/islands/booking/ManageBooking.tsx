// Manage a booking (/manage-booking?booking=…, linked from the booking history and the confirmation email): its status,
// what was paid and refunded, the cancellation policy, and "Cancel booking" while the server's cancel quote allows it:
// free before the deadline, at the fee it states after (docs/contract.md#cancellation), hidden only when it may not be
// cancelled at all. A booking waiting for its payment offers to complete it (its open session, until it runs out) or
// cancel (docs/contract.md#unpaid-bookings). Cancelling asks first in an in-page dialog showing the cancel quote (CancelDialog).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import CancellationPolicy from './CancellationPolicy';
import CancelDialog from './CancelDialog';
import Money from '../ui/Money';
import { ApiFailure } from '../../shared/contract/api-client';
import LoadFailed, { useRetry } from '../ui/LoadFailed';
import { loadBooking, loadCancelQuote, resumePayment, type CancelQuote } from '../../stores/booking';
import { formatDay, LONG_DAY } from '../../shared/rules/format-day';
import { formatMoney, toMinor } from '../../shared/rules/money';
import { awaitingSupplier, shownStatus, supplierReference } from '../../shared/rules/supplier-status';
import { $language, useT } from '../../stores/locale';
import { runStartup } from '../../stores/startup';
import type { BookingReply as ManagedBooking } from '../../shared/contract/booking-replies';


export default function ManageBooking() {
  const t = useT();
  const language = useStore($language);
  const [booking, setBooking] = useState<ManagedBooking | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useRetry();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // What cancelling now would cost: null when the booking may not be cancelled (409), undefined while asked or unknown.
  const [quote, setQuote] = useState<CancelQuote | null | undefined>(undefined);
  // The cancel dialog is open.
  const [asking, setAsking] = useState(false);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const ref = new URLSearchParams(location.search).get('booking');
    if (!ref) return setMissing(true);
    loadBooking(ref)
      .then(setBooking)
      .catch((err: unknown) => !load.failedOn(err) && setMissing(true));
  }, [load.attempt]);
  // A bed bank's booking the hotel is still confirming is cancelled once it has (the supplier is asked first).
  const awaiting = booking ? awaitingSupplier(booking) : false;
  const cancellable = !awaiting && (booking?.status === 'CONFIRMED' || booking?.status === 'PENDING_PAYMENT');
  useEffect(() => {
    if (!booking || !cancellable) return setQuote(null);
    loadCancelQuote(booking.booking_id)
      .then(setQuote)
      .catch((err) => setQuote(err instanceof ApiFailure && err.status === 409 ? null : undefined));
  }, [booking?.booking_id, booking?.status]);

  if (load.failed) return <LoadFailed onRetry={load.retry} />;
  if (missing)
    return (
      <p className="alert">
        {t('bk_no_booking')} <a href="/user/booking-history">{t('bk_see_bookings')}</a>
      </p>
    );
  if (!booking) return <div className="skeleton bk-skel-hero" aria-hidden="true" />;

  const day = (d: string) => formatDay(language, d, LONG_DAY);
  const money = (amount: number) => formatMoney(toMinor(amount, booking.currency), booking.currency, language);
  // The deadline the server states is the booking's own: its rate plan's terms, else its product type's.
  const deadline = booking.free_cancellation_deadline;
  const pending = booking.status === 'PENDING_PAYMENT';
  const fee = quote && quote.fee > 0 ? { fee: money(quote.fee), refund: money(quote.refund_card) } : null;
  const walletBack = quote ? quote.refund_wallet.certificate + quote.refund_wallet.discount + quote.refund_wallet.cash : 0;

  function cancelled(done: ManagedBooking) {
    setAsking(false);
    setBooking(done);
    setMessage({ ok: true, text: t(pending ? 'bk_cancelled_pending' : 'bk_cancelled_refund') });
  }

  /** "Complete payment": the booking's open session, asked now (it may have run out since the page was drawn). */
  async function pay() {
    if (!booking) return;
    setBusy(true);
    setMessage(null);
    try {
      location.assign((await resumePayment(booking.booking_id)).payment_url);
    } catch (err) {
      setBusy(false);
      const failure = err instanceof ApiFailure ? err : null;
      const text = failure?.body?.error?.code === 'BOOKING_EXPIRED' ? t('bk_booking_expired') : failure?.status === 409 ? t('bk_nothing_to_pay') : t('bk_payment_unavailable');
      setMessage({ ok: false, text });
      if (failure?.status === 409) setBooking(await loadBooking(booking.booking_id).catch(() => booking));
    }
  }
  const payBy = pending && booking.expires_at ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(booking.expires_at)) : null;

  const row = (label: string, amount: number, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd>
        <Money amount={amount} currency={booking.currency} testId={testId} />
      </dd>
    </div>
  );
  return (
    <section className="panel stack" aria-labelledby="manage-title" data-testid="manage-booking">
      <h2 id="manage-title">
        {booking.product_name}, {booking.city}
      </h2>
      <p>
        {t('bk_booking_reference')} <strong>{booking.booking_id}</strong> ·{' '}
        <span className={awaitingSupplier(booking) ? 'badge badge-accent' : 'badge'} data-testid="manage-status">
          {t(`bk_status_${shownStatus(booking)}`) || booking.status}
        </span>
      </p>
      {supplierReference(booking) ? <p data-testid="supplier-reference">{t('bk_supplier_reference', { reference: supplierReference(booking)! })}</p> : null}
      <p>{booking.check_out ? `${day(booking.check_in)} – ${day(booking.check_out)}` : day(booking.check_in)}</p>
      {booking.room && booking.rate ? (
        <p data-testid="manage-room">
          {booking.room.name} · {booking.rate.name}
        </p>
      ) : null}
      <dl className="bk-amounts">
        {row(t('bk_price'), booking.price)}
        {booking.certificate_amount ? row(t('bk_certificate'), booking.certificate_amount) : null}
        {booking.discount_amount ? row(t('bk_discount_card'), booking.discount_amount) : null}
        {booking.cash_amount ? row(t('bk_cash_card'), booking.cash_amount) : null}
        {pending ? row(t('bk_to_pay_by_card'), booking.total, 'manage-to-pay') : null}
        {row(t('bk_paid_by_card'), booking.paid_amount, 'manage-paid')}
        {row(t('bk_refunded'), booking.refunded_amount, 'manage-refunded')}
      </dl>
      {fee ? (
        // Past the deadline the page says what cancelling costs now, never the free cancellation that has ended.
        <p className="small" data-testid="cancellation-fee">
          {t('bk_cancel_costs', fee)} {walletBack > 0 ? t('bk_cancel_costs_wallet', { wallet: money(walletBack) }) : null}
        </p>
      ) : awaiting ? (
        <p className="small" data-testid="cancellation-policy">
          {t('bk_cancel_after_hotel')}
        </p>
      ) : cancellable && quote === null && !message ? (
        <p className="small" data-testid="cancellation-policy">
          {t('bk_cancel_closed')}
        </p>
      ) : (
        <CancellationPolicy
          productType={booking.product_type}
          checkIn={booking.check_in}
          timeZone={booking.time_zone}
          deadline={deadline}
          percentAfter={booking.cancellation_fee_percent}
          priceMinor={toMinor(booking.price, booking.currency)}
          currency={booking.currency}
        />
      )}
      {payBy ? (
        <p className="small" data-testid="manage-pay-by">
          {t('bk_pay_by', { time: payBy })}
        </p>
      ) : null}
      <div aria-live="polite">{message ? <p className={message.ok ? 'alert' : 'alert alert-error'} data-testid="manage-message">{message.text}</p> : null}</div>
      {quote ? (
        <div className="cluster">
          {pending ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void pay()} data-testid="complete-payment">
              {t('bk_complete_payment')}
            </button>
          ) : null}
          <button type="button" className="btn" disabled={busy} onClick={() => setAsking(true)} data-testid="cancel-booking">
            {t('bk_cancel_booking')}
          </button>
        </div>
      ) : null}
      {asking ? <CancelDialog booking={booking} onClose={() => setAsking(false)} onCancelled={cancelled} /> : null}
    </section>
  );
}
