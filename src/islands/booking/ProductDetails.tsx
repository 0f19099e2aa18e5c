// One product (hotel, activity, resort or stay, from ?id=): photos, description, amenities, dates and guests, price, "Book".
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import DateRangePicker from '../ui/DateRangePicker';
import OccupancyPicker from './OccupancyPicker';
import RoomRates from './RoomRates';
import ProductReviews from './ProductReviews';
import AddToQuote from '../agent/AddToQuote';
import CancellationPolicy from './CancellationPolicy';
import Gallery from '../ui/Gallery';
import AgentPrices from '../agent/AgentPrices';
import Money, { usePricesVisible } from '../ui/Money';
import { ApiFailure } from '../../shared/contract/api-client';
import LoadFailed, { useRetry } from '../ui/LoadFailed';
import { loadProduct, previewBooking, type BookingPreview as Quote } from '../../stores/booking';
import { addDays, daysBetween, MAX_NIGHTS, minCheckInDate } from '../../shared/rules/booking-dates';
import { $currency, $language, useT } from '../../stores/locale';
import { $org, runStartup } from '../../stores/startup';
import { checkoutUrl, criteriaFromQuery, defaultCriteria, productIdOf, RESULTS_PATH, TYPE_LABEL, type Criteria } from '../../stores/search';
import type { ProductDetail } from '../../shared/contract/booking-replies';
import { formatNumber, toMinor } from '../../shared/rules/money';
import { guestsOf, occupancyStrings } from '../../shared/rules/occupancy-party';
import { paramsOfStay } from '../../shared/rules/search-criteria';


export default function ProductDetails() {
  const t = useT();
  const id = useId();
  const org = useStore($org);
  const currency = useStore($currency);
  const language = useStore($language);
  const showPrices = usePricesVisible();
  const [productId, setProductId] = useState<number | null>(null);
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useRetry();
  const [c, setC] = useState<Criteria | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState('');

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const pid = productIdOf(location.search);
    if (pid === null) {
      setMissing(true);
      return;
    }
    setProductId(pid);
  }, []);
  useEffect(() => {
    if (!productId) return;
    loadProduct(productId, currency)
      .then((data) => {
        setProduct(data);
        document.title = `${data.name} · ${document.title.split(' · ').pop()}`;
      })
      .catch((err: unknown) => !load.failedOn(err) && setMissing(true));
  }, [productId, currency, load.attempt]);
  // The page says "Hotel details" before it knows the product: an activity, a resort or a stay gets its own words.
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('.page-head h1');
    const text = product ? t(`bk_details_title_${product.type}`) : '';
    if (heading && text) heading.textContent = text;
  }, [product, t]);
  useEffect(() => {
    if (!product) return;
    const base = defaultCriteria(product.type, org?.orgBySite.minCheckinDays ?? 1);
    setC((prev) => prev ?? { ...criteriaFromQuery(location.search, base), type: product.type });
  }, [product, org]);
  useEffect(() => {
    if (!product || !c) return;
    const ctrl = new AbortController();
    setQuoteError('');
    // A bed bank's hotel is priced for the party's rooms (its rooms are the supplier's); an own hotel keeps `guests`.
    const supplied = (product.source ?? 'own') !== 'own' && product.price_unit === 'night';
    previewBooking(
      {
        product_id: product.product_id, check_in: c.checkIn, check_out: product.price_unit === 'night' ? c.checkOut : null, currency,
        ...(supplied ? { occupancy: occupancyStrings(c.occupancy) } : { guests: c.guests }),
      },
      ctrl.signal,
    )
      .then(setQuote)
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setQuote(null);
        setQuoteError(err instanceof ApiFailure && err.status === 400 ? err.message : t('bk_quote_failed'));
      });
    return () => ctrl.abort();
  }, [product, c, currency, t]);

  if (load.failed) return <LoadFailed onRetry={load.retry} />;
  if (missing)
    return (
      <div className="panel bk-empty" role="alert">
        <p>{t('bk_product_missing')}</p>
        <a className="btn" href="/">
          {t('bk_back_to_search')}
        </a>
      </div>
    );
  if (!product || !c) return <DetailsSkeleton />;

  const nightly = product.price_unit === 'night';
  const min = minCheckInDate(org?.orgBySite.minCheckinDays ?? 1);
  const update = (patch: Partial<Criteria>) =>
    setC((prev) => {
      const next = { ...prev!, ...patch };
      if (patch.checkIn && nightly && (!next.checkOut || next.checkOut <= next.checkIn)) next.checkOut = addDays(next.checkIn, 1);
      history.replaceState(null, '', `/hotel-details?${paramsOfStay({ ...next, type: product.type }, product.product_id)}`);
      return next;
    });

  return (
    <article className="bk-details" aria-labelledby={`${id}-name`} data-testid="product-details">
      <nav className="small bk-crumbs" aria-label={t('bk_breadcrumb')}>
        <a href={`${RESULTS_PATH[product.type]}?type=${product.type}&city=${encodeURIComponent(product.city)}`}>{t(TYPE_LABEL[product.type])}</a> › {product.city}
      </nav>
      <header className="bk-details__head">
        <div>
          <h2 id={`${id}-name`} className="bk-details__name">
            {product.name}
          </h2>
          <p className="muted">
            {product.address}, {product.city}, {product.country} ·{' '}
            <a href={`https://www.openstreetmap.org/?mlat=${product.latitude}&mlon=${product.longitude}#map=15/${product.latitude}/${product.longitude}`} target="_blank" rel="noopener noreferrer">
              {t('bk_show_map')}
            </a>
          </p>
        </div>
        <p className="bk-rating" aria-label={t('bk_rating', { rating: formatNumber(product.rating, language, 1) })}>
          ★ {formatNumber(product.rating, language, 1)}
        </p>
        {product.review_count > 0 && product.review_score !== null ? (
          <a className="bk-reviews" href="#reviews" data-testid="details-reviews">
            <span className="bk-score" aria-hidden="true">
              {formatNumber(product.review_score, language, 1)}
            </span>
            <span aria-hidden="true"> {t('bk_reviews_n', { n: product.review_count })}</span>
            <span className="visually-hidden">{t('bk_reviews_score', { score: formatNumber(product.review_score, language, 1), n: product.review_count })}</span>
          </a>
        ) : null}
      </header>

      <div className="bk-details__grid">
        <div>
          <Gallery photos={product.photos} images={product.images} name={product.name} />
          <h3>{t('bk_about')}</h3>
          <p>{product.description}</p>
          {/* A product without amenities has no empty heading. */}
          {product.amenities.length ? (
            <>
              <h3>{t('bk_amenities')}</h3>
              <ul className="bk-amenities">
                {product.amenities.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>

        <aside className="panel bk-book" aria-labelledby={`${id}-book`}>
          <h3 id={`${id}-book`}>{t('bk_your_trip')}</h3>
          {/* A bed bank's hotel has no price of its own: the stay's total below and its rooms' rates are the supplier's, live. */}
          {showPrices && (product.source ?? 'own') === 'own' ? (
            <p>
              <Money amount={product.price} currency={product.currency} className="price" testId="unit-price" /> <span className="muted small">{nightly ? t('bk_per_night') : t('bk_per_person')}</span>
            </p>
          ) : null}
          {product.agent_pricing ? <AgentPrices pricing={product.agent_pricing} className="bk-trade--details" /> : null}
          <DateRangePicker
            value={{ checkIn: c.checkIn, checkOut: nightly ? c.checkOut : '' }}
            single={!nightly}
            min={product.available_from && product.available_from > min ? product.available_from : min}
            max={product.available_to ?? undefined}
            maxNights={MAX_NIGHTS}
            onChange={(range) => update({ checkIn: range.checkIn, ...(nightly ? { checkOut: range.checkOut } : {}) })}
          />
          {nightly ? (
            <OccupancyPicker value={c.occupancy} onChange={(occupancy) => update({ occupancy, guests: guestsOf(occupancy) })} />
          ) : (
            <div className="field">
              <label htmlFor={`${id}-guests`}>{t('bk_guests')}</label>
              <input id={`${id}-guests`} className="input" type="number" min={1} max={product.max_guests} value={c.guests} onChange={(e) => update({ guests: Math.min(product.max_guests, Math.max(1, Math.floor(Number(e.target.value) || 1))) })} />
              <span className="field-hint">{t('bk_max_guests', { n: product.max_guests })}</span>
            </div>
          )}
          <div aria-live="polite" className="bk-book__total">
            {quoteError ? <p className="field-error">{quoteError}</p> : null}
            {quote && showPrices ? (
              <p>
                {quote.nights.length ? t('bk_total_nights', { n: quote.nights.length }) : t('bk_total_guests', { n: c.guests })}{' '}
                <Money amount={quote.total} currency={quote.currency} className="price" testId="stay-total" />
              </p>
            ) : showPrices && !quoteError ? (
              // The total's line is held while the stay is priced, so what is below it does not move when it comes.
              <p className="bk-book__pending" data-testid="stay-total-pending">
                {nightly && c.checkOut ? t('bk_total_nights', { n: daysBetween(c.checkIn, c.checkOut) }) : t('bk_total_guests', { n: c.guests })}{' '}
                <span className="price skeleton bk-book__pending-price" aria-hidden="true">
                  {'\u00a0'}
                </span>
              </p>
            ) : null}
          </div>
          {/* The terms of the rate whose total is shown above (its plan's own, or the supplier's), as the checkout says them:
              held in their place while the stay is priced, never the type's rule in the meantime. */}
          {quote ? (
            <CancellationPolicy
              productType={product.type}
              checkIn={c.checkIn}
              timeZone={product.time_zone}
              deadline={quote.free_cancellation_deadline}
              percentAfter={quote.cancellation_fee_percent}
              priceMinor={toMinor(quote.price, quote.currency)}
              currency={quote.currency}
            />
          ) : quoteError ? null : (
            <p className="small bk-book__terms-pending" aria-hidden="true" data-testid="cancellation-pending">
              <span className="skeleton bk-skel-line" />
              <span className="skeleton bk-skel-line bk-skel-short" />
            </p>
          )}
          <a className={`btn btn-primary btn-lg btn-block${quoteError ? ' is-disabled' : ''}`} aria-disabled={quoteError ? true : undefined} href={quoteError ? undefined : checkoutUrl({ ...c, type: product.type }, product.product_id)} data-testid="book-now">
            {t('bk_book_now')}
          </a>
          <AddToQuote productId={product.product_id} checkIn={c.checkIn} checkOut={c.checkOut} guests={c.guests} className="btn-block" />
        </aside>
      </div>
      {nightly ? <RoomRates product={product} c={c} currency={currency} /> : null}
      <ProductReviews productId={product.product_id} />
    </article>
  );
}

export function DetailsSkeleton() {
  return (
    <div className="bk-details" aria-hidden="true">
      <div className="skeleton bk-skel-line" />
      <div className="skeleton bk-skel-hero" />
    </div>
  );
}
