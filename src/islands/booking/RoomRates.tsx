// A hotel's rooms and rates for the stay and party on its page (docs/contract.md#rooms-rates-and-availability): each
// room type that fits the party and can be sold for every night, with its rates (board, cancellation terms on the
// hotel's clock, each night's price, the total and its share of a night) and "only N left" when few remain. Choosing a
// rate leads to the checkout with its signed rate_id, the product, the dates and the party in the address.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import Money, { usePricesVisible } from '../ui/Money';
import { ApiFailure } from '../../shared/contract/api-client';
import { unavailableText } from './unavailable';
import { cancellationStanding, deadlineInHotelTime } from '../../shared/rules/cancellation';
import { cancellationLine } from '../../shared/i18n/cancellation-line';
import { formatDay, WEEKDAY_DAY } from '../../shared/rules/format-day';
import { fromMinor, toMinor } from '../../shared/rules/money';
import { occupancyStrings } from '../../shared/rules/occupancy-party';
import { checkoutUrl, type Criteria } from '../../stores/search';
import { loadRoomRates, type RoomOffer, type RoomRate, type RoomsAndRates } from '../../stores/rooms';
import { $language, useT } from '../../stores/locale';

/** At or under this many rooms left, the room says how few remain. */
export const FEW_ROOMS_LEFT = 3;

interface Props {
  product: { product_id: number; type: Criteria['type']; time_zone: string };
  /** The stay and party the page shows (its address). */
  c: Criteria;
  currency: string;
}

export default function RoomRates({ product, c, currency }: Props) {
  const t = useT();
  const id = useId();
  const language = useStore($language);
  const [answer, setAnswer] = useState<{ for: string; rooms: RoomsAndRates } | null>(null);
  const [failed, setFailed] = useState('');
  const asked = [product.product_id, c.checkIn, c.checkOut, occupancyStrings(c.occupancy).join('|'), currency, language].join(' ');

  useEffect(() => {
    if (!c.checkIn || !c.checkOut) return;
    const ctrl = new AbortController();
    setFailed('');
    loadRoomRates(product.product_id, c, currency, ctrl.signal)
      .then((rooms) => setAnswer({ for: asked, rooms }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setAnswer(null);
        setFailed(err instanceof ApiFailure && err.status === 400 ? err.message : err instanceof ApiFailure && err.status === 503 ? unavailableText(t, err) : t('bk_rooms_failed'));
      });
    return () => ctrl.abort();
  }, [asked]);

  const loading = !failed && answer?.for !== asked;
  return (
    <section id="rooms" className="bk-rooms" aria-labelledby={`${id}-rooms`} aria-busy={loading} data-testid="room-rates">
      <h3 id={`${id}-rooms`}>{t('bk_rooms_title')}</h3>
      {failed ? (
        <p className="alert alert-error" role="alert">
          {failed}
        </p>
      ) : !answer ? (
        <RoomsSkeleton />
      ) : answer.rooms.rooms.length === 0 ? (
        <p className="bk-empty" data-testid="rooms-none">
          {t('bk_rooms_none')}
        </p>
      ) : (
        <ul className="bk-rooms__list" role="list">
          {answer.rooms.rooms.map((room) => (
            <Room key={room.code} room={room} nights={answer.rooms.nights} product={product} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Room({ room, nights, product, c }: { room: RoomOffer; nights: number; product: Props['product']; c: Criteria }) {
  const t = useT();
  const id = useId();
  const party = [t('bk_adults_n', { n: room.max_adults }), room.max_children ? t('bk_children_n', { n: room.max_children }) : ''].filter(Boolean).join(' · ');
  return (
    <li className="card bk-room" data-testid="room" data-room-id={room.room_id} aria-labelledby={`${id}-name`}>
      <div className="bk-room__head">
        <h4 id={`${id}-name`} className="bk-room__name">
          {room.name}
        </h4>
        <p className="muted small">{t('bk_room_up_to', { party })}</p>
        {room.units_left <= FEW_ROOMS_LEFT ? (
          <p className="small bk-room__left" data-testid="units-left">
            {t('bk_only_left', { n: room.units_left })}
          </p>
        ) : null}
      </div>
      <ul className="bk-room__rates" role="list">
        {room.rates.map((rate) => (
          <Rate key={rate.rate_id} rate={rate} room={room} nights={nights} product={product} c={c} />
        ))}
      </ul>
    </li>
  );
}

function Rate({ rate, room, nights, product, c }: { rate: RoomRate; room: RoomOffer; nights: number; product: Props['product']; c: Criteria }) {
  const t = useT();
  const language = useStore($language);
  const showPrices = usePricesVisible();
  const perNight = fromMinor(Math.round(toMinor(rate.total, rate.currency) / Math.max(1, nights)), rate.currency);
  // Worded at "now" by the one helper: a deadline already past says what cancelling costs instead.
  const now = Date.now();
  const terms = { deadline: rate.free_cancellation_deadline, percentAfter: rate.cancellation_fee_percent ?? 100, timeZone: product.time_zone, productType: product.type, priceMinor: toMinor(rate.total, rate.currency), currency: rate.currency };
  const free = cancellationStanding(terms.deadline, terms.percentAfter, now).kind === 'free';
  const cancellation = free && terms.percentAfter >= 100 && rate.free_cancellation_deadline
    ? t('bk_rate_free_until', { date: deadlineInHotelTime(language, rate.free_cancellation_deadline, product.time_zone) })
    : !free && !rate.free_cancellation_deadline && !rate.refundable
      ? t('bk_rate_non_refundable')
      : cancellationLine(t, language, terms, now);
  const href = `${checkoutUrl({ ...c, type: product.type }, product.product_id)}&${new URLSearchParams({ rate_id: rate.rate_id })}`;
  return (
    <li className="bk-rate" data-testid="rate" data-rate-plan-id={rate.rate_plan_id}>
      <div className="bk-rate__terms">
        <p className="bk-rate__name">{rate.name}</p>
        <p className="small" data-testid="rate-board">
          {t(`bk_board_${rate.board}`)}
        </p>
        <p className={`small${free ? ' bk-item__free' : ''}`} data-testid="rate-cancellation" data-deadline={rate.free_cancellation_deadline ?? undefined}>
          {cancellation}
        </p>
        {showPrices ? (
          <details className="small bk-rate__nights">
            <summary>{t('bk_rate_nights')}</summary>
            <ul role="list" data-testid="rate-nights">
              {rate.nights.map((n) => (
                <li key={n.date}>
                  <span>{formatDay(language, n.date, WEEKDAY_DAY)}</span> <Money amount={n.price} currency={rate.currency} testId="rate-night" />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="bk-rate__price">
        {showPrices ? (
          <>
            <Money amount={rate.total} currency={rate.currency} className="price" testId="rate-total" />
            <span className="muted small">{t('bk_total_nights', { n: nights })}</span>
            <span className="small">
              <Money amount={perNight} currency={rate.currency} testId="rate-per-night" /> {t('bk_per_night')}
            </span>
          </>
        ) : (
          <span className="muted small">{t('bk_price_at_checkout')}</span>
        )}
        <a className="btn btn-primary btn-sm" href={href} aria-label={t('bk_choose_rate', { room: room.name, rate: rate.name })} data-testid="choose-rate">
          {t('bk_choose_room')}
        </a>
      </div>
    </li>
  );
}

function RoomsSkeleton() {
  return (
    <div className="bk-rooms__list" aria-hidden="true">
      {[0, 1].map((i) => (
        <div key={i} className="card bk-room">
          <div className="skeleton bk-skel-line" />
          <div className="skeleton bk-skel-line bk-skel-short" />
        </div>
      ))}
    </div>
  );
}
