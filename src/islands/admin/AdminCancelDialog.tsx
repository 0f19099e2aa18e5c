// "Cancel and refund" on the console's bookings (decision 0066): before the admin confirms, the server's own quote
// (GET /api/admin/bookings/{id}/cancel-quote): the card refund, each wallet part given back and what is kept, in the
// page's language and the booking's currency (for an agent's booking on account: the agent's credit given back, in
// USD); waiving the fee asks for the quote again. In-page dialog (ui/Dialog).
import { useEffect, useState } from 'react';
import Dialog from '../ui/Dialog';
import Money from '../ui/Money';
import { ApiFailure } from '../../shared/contract/api-client';
import type { AdminBookingEntry } from '../../shared/contract/console-ops';
import { adminCancelQuote, cancelAndRefund } from '../../stores/console-ops';
import { useT } from '../../stores/locale';
import { consoleMessage } from './useConsoleForm';

type Quote = Awaited<ReturnType<typeof adminCancelQuote>>;

/** A refusal in the page's language: one the API keys (an on-account booking), else "can no longer be cancelled". */
function refusal(t: ReturnType<typeof useT>, err: unknown): string {
  if (err instanceof ApiFailure && err.status === 409) return err.body?.error?.key ? consoleMessage(t, err) : t('bk_cancel_closed');
  return consoleMessage(t, err, 'ops_cancel_failed');
}

export default function AdminCancelDialog({ booking, onClose, onCancelled }: { booking: AdminBookingEntry; onClose: () => void; onCancelled: (b: AdminBookingEntry) => void }) {
  const t = useT();
  const [waive, setWaive] = useState(false);
  // undefined while asked; null when it may not be cancelled or could not be asked.
  const [quote, setQuote] = useState<Quote | null | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setQuote(undefined);
    setProblem('');
    adminCancelQuote(booking.booking_id, waive)
      .then((q) => live && setQuote(q))
      .catch((err) => {
        if (!live) return;
        setQuote(null);
        setProblem(refusal(t, err));
      });
    return () => {
      live = false;
    };
  }, [booking.booking_id, waive]);

  async function confirm() {
    setBusy(true);
    setProblem('');
    try {
      onCancelled(await cancelAndRefund(booking.booking_id, waive));
    } catch (err) {
      setProblem(refusal(t, err));
      setBusy(false);
    }
  }

  const row = (label: string, amount: number, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd>
        <Money amount={amount} currency={quote!.currency} testId={testId} />
      </dd>
    </div>
  );
  return (
    <Dialog title={t('ops_cancel_title', { ref: booking.booking_id })} subtitle={booking.product_name} onClose={onClose} closeLabel={t('ops_bookings_close')} closeOnEscape>
      <div className="stack" data-testid="admin-cancel-dialog">
        <label className="console-check">
          <input type="checkbox" checked={waive} disabled={busy} onChange={(e) => setWaive(e.target.checked)} data-testid="waive-fee" />
          <span>{t('ops_cancel_waive')}</span>
        </label>
        {quote === undefined ? (
          <p role="status">
            <span className="spinner spinner-sm" aria-hidden="true" /> {t('ops_cancel_loading')}
          </p>
        ) : null}
        {quote ? (
          <>
            <p>{t('ops_cancel_what')}</p>
            <dl className="console-amounts" data-testid="admin-cancel-quote">
              {quote.credit_back !== undefined ? row(t('ops_cancel_credit_back'), quote.credit_back, 'quote-credit-back') : null}
              {booking.status === 'PENDING_PAYMENT' || quote.credit_back !== undefined ? null : row(t('ops_cancel_refund_card'), quote.refund_card, 'quote-refund-card')}
              {quote.refund_wallet.certificate > 0 ? row(t('ops_cancel_back_certificate'), quote.refund_wallet.certificate, 'quote-certificate') : null}
              {quote.refund_wallet.discount > 0 ? row(t('ops_cancel_back_discount'), quote.refund_wallet.discount, 'quote-discount') : null}
              {quote.refund_wallet.cash > 0 ? row(t('ops_cancel_back_cash'), quote.refund_wallet.cash, 'quote-cash') : null}
              {row(t('ops_cancel_fee'), quote.fee, 'quote-fee')}
            </dl>
          </>
        ) : null}
        <div aria-live="assertive">
          {problem ? (
            <p className="alert alert-error" data-testid="admin-cancel-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="console-actions">
          {quote ? (
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirm()} data-testid="admin-cancel-confirm">
              {t('ops_cancel_confirm')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
            {t('ops_cancel_keep')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
