// A hotel's room types and rate plans in the console: each listed with a way to edit or remove it (a dialog each), and
// a way to add one. A removal the server refuses (bookings still to come) is explained in its dialog.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import RatePlanDialog from './RatePlanDialog';
import RemoveDialog from './RemoveDialog';
import RoomDialog from './RoomDialog';
import { removePlan, removeRoom, type ProductDetail } from '../../stores/inventory';
import { $language, useT } from '../../stores/locale';
import { nameIn } from '../../shared/rules/stay-rates';

type Room = ProductDetail['rooms'][number];
type Plan = ProductDetail['rate_plans'][number];
type Open =
  | { kind: 'room'; room: Room | null }
  | { kind: 'plan'; plan: Plan | null }
  | { kind: 'remove-room'; room: Room }
  | { kind: 'remove-plan'; plan: Plan }
  | null;

export default function RoomsAndRates({ product, onChanged }: { product: ProductDetail; onChanged: () => Promise<void> }) {
  const t = useT();
  const language = useStore($language);
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState('');
  const done = async (message: string) => {
    setOpen(null);
    setStatus(message);
    await onChanged();
  };
  const roomName = (id: number) => {
    const room = product.rooms.find((r) => r.room_id === id);
    return room ? nameIn(room.name, language) : '';
  };
  const cancellation = (p: Plan) => {
    if (!p.refundable) return t('inv_cancel_none');
    if (p.free_cancellation_days === null && p.cancellation_fee_percent === null) return t('inv_cancel_type');
    if (p.free_cancellation_days !== null && p.cancellation_fee_percent !== null) return t('inv_cancel_own', { days: p.free_cancellation_days, fee: p.cancellation_fee_percent });
    return t('inv_cancel_days_only', { days: p.free_cancellation_days ?? 0 });
  };

  return (
    <>
      <p className="console-status is-saved" role="status" data-testid="inventory-status">
        {status}
      </p>
      <section className="console-group" aria-labelledby="rooms-heading" data-testid="room-types">
        <h2 id="rooms-heading">{t('inv_rooms')}</h2>
        <p className="console-muted">{t('inv_rooms_intro')}</p>
        {product.rooms.length === 0 ? (
          <p>{t('inv_no_rooms')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table table-stack inv-table">
              <thead>
                <tr>
                  <th scope="col">{t('inv_col_name')}</th>
                  <th scope="col">{t('inv_col_code')}</th>
                  <th scope="col">{t('inv_col_guests')}</th>
                  <th scope="col">{t('inv_col_units')}</th>
                  <th scope="col">{t('inv_col_actions')}</th>
                </tr>
              </thead>
              <tbody>
                {product.rooms.map((room) => {
                  const name = nameIn(room.name, language);
                  return (
                    <tr key={room.room_id} data-testid="room-row">
                      <th scope="row">{name}</th>
                      <td data-label={t('inv_col_code')}>{room.code}</td>
                      <td data-label={t('inv_col_guests')}>{t('inv_guests_summary', { adults: room.max_adults, children: room.max_children, max: room.max_occupancy })}</td>
                      <td data-label={t('inv_col_units')}>{room.units}</td>
                      <td data-label={t('inv_col_actions')}>
                        <span className="inv-actions">
                          <button type="button" className="btn btn-sm" aria-label={t('inv_edit_room', { name })} onClick={() => setOpen({ kind: 'room', room })}>
                            {t('inv_edit')}
                          </button>
                          <button type="button" className="btn btn-sm btn-danger" aria-label={t('inv_remove_room', { name })} onClick={() => setOpen({ kind: 'remove-room', room })}>
                            {t('inv_remove')}
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen({ kind: 'room', room: null })}>
            {t('inv_add_room')}
          </button>
        </p>
      </section>

      <section className="console-group" aria-labelledby="plans-heading" data-testid="rate-plans">
        <h2 id="plans-heading">{t('inv_plans')}</h2>
        <p className="console-muted">{t('inv_plans_intro')}</p>
        {product.rate_plans.length === 0 ? (
          <p>{t('inv_no_plans')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table table-stack inv-table">
              <thead>
                <tr>
                  <th scope="col">{t('inv_col_name')}</th>
                  <th scope="col">{t('inv_col_code')}</th>
                  <th scope="col">{t('inv_col_board')}</th>
                  <th scope="col">{t('inv_col_cancellation')}</th>
                  <th scope="col">{t('inv_col_sells')}</th>
                  <th scope="col">{t('inv_col_actions')}</th>
                </tr>
              </thead>
              <tbody>
                {product.rate_plans.map((plan) => {
                  const name = nameIn(plan.name, language);
                  return (
                    <tr key={plan.rate_plan_id} data-testid="plan-row">
                      <th scope="row">{name}</th>
                      <td data-label={t('inv_col_code')}>{plan.code}</td>
                      <td data-label={t('inv_col_board')}>{t(`inv_board_${plan.board}`)}</td>
                      <td data-label={t('inv_col_cancellation')}>{cancellation(plan)}</td>
                      <td data-label={t('inv_col_sells')}>{plan.room_ids.map(roomName).filter(Boolean).join(', ')}</td>
                      <td data-label={t('inv_col_actions')}>
                        <span className="inv-actions">
                          <button type="button" className="btn btn-sm" aria-label={t('inv_edit_plan', { name })} onClick={() => setOpen({ kind: 'plan', plan })}>
                            {t('inv_edit')}
                          </button>
                          <button type="button" className="btn btn-sm btn-danger" aria-label={t('inv_remove_plan', { name })} onClick={() => setOpen({ kind: 'remove-plan', plan })}>
                            {t('inv_remove')}
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {product.rooms.length === 0 ? <p className="console-muted">{t('inv_plans_need_room')}</p> : null}
        <p>
          <button type="button" className="btn btn-secondary" disabled={product.rooms.length === 0} onClick={() => setOpen({ kind: 'plan', plan: null })}>
            {t('inv_add_plan')}
          </button>
        </p>
      </section>

      {open?.kind === 'room' ? (
        <RoomDialog productId={product.product_id} room={open.room} onClose={() => setOpen(null)} onSaved={() => done(t('inv_room_saved'))} />
      ) : null}
      {open?.kind === 'plan' ? (
        <RatePlanDialog product={product} plan={open.plan} onClose={() => setOpen(null)} onSaved={() => done(t('inv_plan_saved'))} />
      ) : null}
      {open?.kind === 'remove-room' ? (
        <RemoveDialog
          title={t('inv_remove_room', { name: nameIn(open.room.name, language) })}
          text={t('inv_remove_room_text')}
          onClose={() => setOpen(null)}
          onRemove={async () => {
            await removeRoom(product.product_id, open.room.room_id);
            await done(t('inv_room_removed'));
          }}
        />
      ) : null}
      {open?.kind === 'remove-plan' ? (
        <RemoveDialog
          title={t('inv_remove_plan', { name: nameIn(open.plan.name, language) })}
          text={t('inv_remove_plan_text')}
          onClose={() => setOpen(null)}
          onRemove={async () => {
            await removePlan(product.product_id, open.plan.rate_plan_id);
            await done(t('inv_plan_removed'));
          }}
        />
      ) : null}
    </>
  );
}
