// /agent/booking-history: bookings the agent made for clients, on account (the credit they use) or on the client's card.
// A card booking still waiting for its payment offers "Complete payment" and "Cancel" as the traveller's own list does
// (booking/UnpaidActions: the same buttons, the same flow and cancel dialog).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import UnpaidActions from '../booking/UnpaidActions';
import { $agentBookings, $credit, loadAgentBookings } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { titledName } from '../../shared/i18n/person-title';
import { shownStatus, supplierReference } from '../../shared/rules/supplier-status';
import { useAgentLoad } from './AgentLoad';
import CreditSummary from './CreditSummary';
import { useDates, useMoney } from './agent-ui';

export default function AgentBookings() {
  const t = useT();
  const money = useMoney();
  const { day } = useDates();
  const bookings = useStore($agentBookings);
  const credit = useStore($credit);
  const pending = useAgentLoad(loadAgentBookings, bookings !== null);
  // What the last action on an unpaid booking said.
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (pending || !bookings) return pending;

  return (
    <div className="stack" data-testid="agent-bookings">
      {credit ? <CreditSummary credit={credit} /> : null}
      <div aria-live="polite">{message ? <p className={message.ok ? 'alert' : 'alert alert-error'} data-testid="history-message">{message.text}</p> : null}</div>
      {bookings.length === 0 ? (
        <p className="muted">{t('agent_bookings_empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack agent-table">
            <thead>
              <tr>
                <th scope="col">{t('agent_col_booking')}</th>
                <th scope="col">{t('agent_col_product')}</th>
                <th scope="col">{t('agent_col_client')}</th>
                <th scope="col">{t('agent_col_dates')}</th>
                <th scope="col" className="num">{t('agent_col_total')}</th>
                <th scope="col" className="num">{t('agent_col_charged')}</th>
                <th scope="col">{t('agent_col_paid_by')}</th>
                <th scope="col">{t('agent_col_status')}</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.booking_id} data-testid="agent-booking-row">
                  <td data-label={t('agent_col_booking')}>
                    <strong className="agent-nowrap">{b.booking_id}</strong>
                    <span className="agent-sub">
                      {t('agent_col_booked_on')} {day(b.created_at)}
                    </span>
                  </td>
                  <td data-label={t('agent_col_product')}>
                    <div className="agent-product">
                      {b.product.image ? <img src={b.product.image} alt="" width="44" height="32" loading="lazy" /> : null}
                      <div>
                        {b.product.name}
                        <span className="agent-sub">{b.product.city}</span>
                      </div>
                    </div>
                  </td>
                  <td data-label={t('agent_col_client')}>
                    {titledName(t, b.client.name)}
                    <span className="agent-sub" translate="no">{b.client.email}</span>
                  </td>
                  <td data-label={t('agent_col_dates')} className="agent-dates">
                    <span className="agent-nowrap">{day(b.check_in)}</span>
                    {b.check_out ? <span className="agent-nowrap"> – {day(b.check_out)}</span> : null}
                    <span className="agent-sub">
                      {b.guests} {t(b.guests === 1 ? 'agent_guest' : 'agent_guests')}
                    </span>
                  </td>
                  <td data-label={t('agent_col_total')} className="num">{money(b.total, b.currency)}</td>
                  <td data-label={t('agent_col_charged')} className="num">{money(b.charged_usd, 'USD')}</td>
                  <td data-label={t('agent_col_paid_by')}>
                    {t(b.pay_by === 'card' ? 'agent_paid_card' : 'agent_paid_account')}
                    {b.pay_by === 'card' && b.paid_amount > 0 ? <span className="agent-sub">{money(b.paid_amount - b.refunded_amount, b.currency)}</span> : null}
                  </td>
                  <td data-label={t('agent_col_status')}>
                    <span className={`badge agent-badge-${shownStatus(b)}`} data-testid="agent-booking-status">{t(`agent_status_${shownStatus(b)}`)}</span>
                    {supplierReference(b) ? <span className="agent-sub" data-testid="supplier-reference">{t('agent_supplier_reference', { reference: supplierReference(b)! })}</span> : null}
                    {b.status === 'PENDING_PAYMENT' && b.pay_by === 'card' ? (
                      <UnpaidActions booking={{ booking_id: b.booking_id, status: b.status, product_name: b.product.name }} onMessage={setMessage} onChanged={() => void loadAgentBookings().catch(() => undefined)} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
