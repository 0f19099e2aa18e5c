// "Complete payment" and "Cancel" for a booking waiting for its payment (docs/contract.md#unpaid-bookings), the same
// two buttons and the same flow wherever such a booking is listed (the traveller's history, the agent's bookings):
// paying opens the booking's session, asked now (it may have run out since the list was drawn); cancelling is asked
// first in the cancel dialog (CancelDialog), which lets go of the holds at once.
import { useState } from 'react';
import CancelDialog from './CancelDialog';
import { ApiFailure } from '../../shared/contract/api-client';
import { resumePayment } from '../../stores/booking';
import { useT } from '../../stores/locale';

export interface UnpaidActionsProps {
  booking: { booking_id: string; status: string; product_name: string };
  /** What the last action said (an error, or the cancel done), for the list to show in its live region. */
  onMessage: (message: { ok: boolean; text: string } | null) => void;
  /** The booking changed (cancelled, or found expired or paid): the list reads itself again. */
  onChanged: () => void;
}

export default function UnpaidActions({ booking, onMessage, onChanged }: UnpaidActionsProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  async function pay() {
    setBusy(true);
    onMessage(null);
    try {
      location.assign((await resumePayment(booking.booking_id)).payment_url);
    } catch (err) {
      setBusy(false);
      const failure = err instanceof ApiFailure ? err : null;
      onMessage({ ok: false, text: failure?.body?.error?.code === 'BOOKING_EXPIRED' ? t('bk_booking_expired') : failure?.status === 409 ? t('bk_nothing_to_pay') : t('bk_payment_unavailable') });
      onChanged();
    }
  }

  return (
    <>
      <div className="cluster bk-row-actions">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void pay()} aria-label={`${t('bk_complete_payment')} ${booking.booking_id}`} data-testid="row-complete-payment">
          {t('bk_complete_payment')}
        </button>
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setAsking(true)} aria-label={`${t('bk_cancel')} ${booking.booking_id}`} data-testid="row-cancel">
          {t('bk_cancel')}
        </button>
      </div>
      {asking ? (
        <CancelDialog
          booking={booking}
          onClose={() => setAsking(false)}
          onCancelled={() => {
            setAsking(false);
            onMessage({ ok: true, text: t('bk_cancelled_pending') });
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}
