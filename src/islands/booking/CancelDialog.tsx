// The cancel dialog (docs/contract.md#cancellation): before the traveller confirms, what cancelling now does, from the
// server's own quote (GET /api/bookings/{id}/cancel-quote): the card refund, each wallet part given back and the fee,
// in the page's language and the booking's currency. In the page (role=dialog named by its heading), Escape closes it,
// focus stays inside while it is open and goes back to the button that opened it (ui/Dialog).
import { useEffect, useState } from 'react';
import Dialog from '../ui/Dialog';
import Money from '../ui/Money';
import { ApiFailure } from '../../shared/contract/api-client';
import { cancelBooking, loadCancelQuote, type CancelQuote } from '../../stores/booking';
import { useT } from '../../stores/locale';
import type { BookingReply } from '../../shared/contract/booking-replies';

export interface CancelDialogProps {
  booking: { booking_id: string; status: string; product_name: string };
  onClose: () => void;
  /** The booking as the cancel left it. */
  onCancelled: (booking: BookingReply) => void;
}

export default function CancelDialog({ booking, onClose, onCancelled }: CancelDialogProps) {
  const t = useT();
  // undefined while asked; null when it may not be cancelled (409) or could not be asked.
  const [quote, setQuote] = useState<CancelQuote | null | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadCancelQuote(booking.booking_id)
      .then((q) => live && setQuote(q))
      .catch((err) => {
        if (!live) return;
        setQuote(null);
        setProblem(t(err instanceof ApiFailure && err.status === 409 ? 'bk_cancel_closed' : 'bk_cancel_quote_failed'));
      });
    return () => {
      live = false;
    };
  }, [booking.booking_id]);

  async function confirm() {
    setBusy(true);
    setProblem('');
    try {
      onCancelled(await cancelBooking(booking.booking_id));
    } catch (err) {
      const status = err instanceof ApiFailure ? err.status : 0;
      setProblem(t(status === 409 ? 'bk_cancel_closed' : 'bk_cancel_unavailable'));
      setBusy(false);
    }
  }

  const pending = booking.status === 'PENDING_PAYMENT';
  const row = (label: string, amount: number, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd>
        <Money amount={amount} currency={quote!.currency} testId={testId} />
      </dd>
    </div>
  );
  return (
    <Dialog title={t('bk_cancel_title')} subtitle={`${booking.product_name} · ${booking.booking_id}`} onClose={onClose} closeLabel={t('bk_close')} closeOnEscape className="bk-cancel-dialog">
      <div className="stack" data-testid="cancel-dialog">
        {quote === undefined ? (
          <p role="status">
            <span className="spinner spinner-sm" aria-hidden="true" /> {t('bk_loading')}
          </p>
        ) : null}
        {quote ? (
          <>
            <p>{t('bk_cancel_what')}</p>
            <dl className="bk-amounts" data-testid="cancel-quote">
              {pending ? null : row(t('bk_cancel_refund_card'), quote.refund_card, 'quote-refund-card')}
              {quote.refund_wallet.certificate > 0 ? row(t('bk_cancel_back_certificate'), quote.refund_wallet.certificate, 'quote-certificate') : null}
              {quote.refund_wallet.discount > 0 ? row(t('bk_cancel_back_discount'), quote.refund_wallet.discount, 'quote-discount') : null}
              {quote.refund_wallet.cash > 0 ? row(t('bk_cancel_back_cash'), quote.refund_wallet.cash, 'quote-cash') : null}
              <div className="bk-amounts__total">
                <dt>{t('bk_cancel_fee')}</dt>
                <dd>
                  <Money amount={quote.fee} currency={quote.currency} testId="quote-fee" />
                </dd>
              </div>
            </dl>
            {pending ? <p className="muted small">{t('bk_cancel_nothing_charged')}</p> : null}
          </>
        ) : null}
        <div aria-live="assertive">
          {problem ? (
            <p className="alert alert-error" data-testid="cancel-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="cluster bk-cancel-actions">
          {quote ? (
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirm()} data-testid="cancel-confirm">
              {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
              {t('bk_cancel_yes')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
            {t('bk_keep_booking')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
