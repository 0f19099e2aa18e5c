// Making a quote: find a product (or start from one chosen elsewhere), pick the client, dates, guests, currency and
// markup; the estimate uses the quote's price rule (src/shared/rules/quote-price.ts), the saved price is the server's.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { fromMinor, toMinor } from '../../shared/rules/money';
import { AGENT_MSG } from '../../shared/contract/agent-text';
import { bpsOfPercent, quotePrice } from '../../shared/rules/quote-price';
import type { AgentClient, AgentQuote } from '../../shared/contract/agent';
import { addDays, eligibleTypes, MAX_GUESTS, MAX_NIGHTS, minCheckInDate } from '../../shared/rules/booking-dates';
import DateRangePicker from '../ui/DateRangePicker';
import { nightsBetween, type ProductType } from '../../shared/rules/wallet';
import { $agentProfile, allClients, createQuote, findProducts, loadAgentProfile, type FoundProduct } from '../../stores/agent';
import { loadProduct } from '../../stores/booking';
import { $currency, $currencyInfo, loadCurrencyInfo, useT } from '../../stores/locale';
import { $org } from '../../stores/startup';
import Field, { fieldA11y } from '../account/Field';
import { agentFailure, agentFieldErrors, fieldMessage, useMoney } from './agent-ui';

export interface Stay {
  check_in?: string;
  check_out?: string | null;
  guests?: number;
}

interface Props {
  productId?: number;
  clientId?: number;
  stay?: Stay;
  onCreated: (quote: AgentQuote) => void;
  onCancel: () => void;
}

/** A product as the search lists it or as its own page describes it (functions/routes/products.ts). */
type Product = FoundProduct | Awaited<ReturnType<typeof loadProduct>>;

/** One night or one person: a search prices a hotel for its whole stay and gives its share of a night beside it. */
const unitPrice = (p: Product) => (p as { price_per_night?: number }).price_per_night ?? p.price;

export default function QuoteBuilder({ productId, clientId, stay, onCreated, onCancel }: Props) {
  const t = useT();
  const money = useMoney();
  const org = useStore($org);
  const pageCurrency = useStore($currency);
  const info = useStore($currencyInfo);
  const profile = useStore($agentProfile);
  const types = useMemo(() => eligibleTypes((org?.eligibleProducts ?? []).map((p) => p.product_id).join(',')), [org]);
  const earliest = minCheckInDate(org?.orgBySite?.minCheckinDays ?? 1);

  const [type, setType] = useState<ProductType>('HLT');
  const [city, setCity] = useState('');
  const [checkIn, setCheckIn] = useState(stay?.check_in && stay.check_in >= earliest ? stay.check_in : addDays(earliest, 6));
  const [checkOut, setCheckOut] = useState(stay?.check_out ?? addDays(stay?.check_in && stay.check_in >= earliest ? stay.check_in : addDays(earliest, 6), 2));
  const [guests, setGuests] = useState(stay?.guests ?? 2);
  const [currency, setCurrency] = useState(pageCurrency);
  const [results, setResults] = useState<Product[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [product, setProduct] = useState<Product | null>(null);
  const [clients, setClients] = useState<AgentClient[] | null>(null);
  const [client, setClient] = useState(clientId ? String(clientId) : '');
  const [markup, setMarkup] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadCurrencyInfo();
    allClients().then(setClients, (err) => setFailure(agentFailure(t, err)));
    (profile ? Promise.resolve(profile) : loadAgentProfile()).then((p) => setMarkup((m) => m || String(p.markup_percent)), () => setMarkup((m) => m || '10'));
  }, []);
  useEffect(() => {
    if (types.length && !types.includes(type)) setType(types[0]!);
  }, [types]);
  // The chosen product again in the quote's currency, for the estimate.
  useEffect(() => {
    const id = product?.product_id ?? productId;
    if (!id || (product && product.currency === currency)) return;
    loadProduct(id, currency).then(
      (data) => setProduct(data),
      (err) => setFailure(agentFailure(t, err)),
    );
  }, [productId, currency, product?.product_id]);

  const nightly = (product?.price_unit ?? (type === 'ACT' ? 'person' : 'night')) === 'night';

  async function search(e: FormEvent) {
    e.preventDefault();
    setSearching(true);
    setFailure('');
    const params = new URLSearchParams({ type, check_in: checkIn, guests: String(guests), currency, per_page: '20', sort: 'price' });
    if (city.trim()) params.set('city', city.trim());
    if (nightly && checkOut) params.set('check_out', checkOut);
    try {
      setResults(await findProducts(params));
    } catch (err) {
      setResults(null);
      setFailure(agentFailure(t, err));
    } finally {
      setSearching(false);
    }
  }

  const estimate = useMemo(() => {
    if (!product || product.currency !== currency) return null;
    const nights = nightly ? nightsBetween(checkIn, checkOut) : 1;
    const percent = Number(markup);
    const markupBps = Number.isFinite(percent) && percent >= 0 ? bpsOfPercent(percent) : 0;
    // The product's unit price is the server's, converted and rounded once: the same rule gives the same figures.
    const { netMinor, markupMinor, totalMinor } = quotePrice({ unitMinor: toMinor(unitPrice(product), currency), product: product.type, nights, guests }, markupBps);
    return { net: netMinor, markup: markupMinor, total: totalMinor };
  }, [product, currency, checkIn, checkOut, guests, markup, nightly]);

  async function create(e: FormEvent) {
    e.preventDefault();
    if (!product) return;
    const next: Record<string, string> = {};
    if (!client) next.client_id = t('agent_quote_client_choose');
    if (markup.trim() !== '' && !(Number(markup) >= 0 && Number(markup) <= 100)) next.markup_percent = AGENT_MSG.markupRange;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setFailure('');
    try {
      onCreated(
        await createQuote({
          client_id: Number(client),
          product_id: product.product_id,
          check_in: checkIn,
          check_out: nightly ? checkOut : null,
          guests,
          currency,
          markup_percent: markup.trim() === '' ? null : Number(markup),
          note,
        }),
      );
    } catch (err) {
      const byField = agentFieldErrors(t, err);
      if (Object.keys(byField).length) setErrors(byField);
      else setFailure(agentFailure(t, err));
    } finally {
      setBusy(false);
    }
  }

  const tr = (text?: string) => fieldMessage(t, text);
  const unit = (p: Product) => `${money(unitPrice(p), p.currency)} ${t(p.price_unit === 'night' ? 'agent_per_night' : 'agent_per_person')}`;
  const currencies = info?.currencies ?? [{ code: pageCurrency, name: pageCurrency }];

  const stayFields = (
    <div className="form-row">
      <DateRangePicker
        testId="quote-dates"
        value={{ checkIn, checkOut: nightly ? (checkOut ?? '') : '' }}
        single={!nightly}
        min={earliest}
        maxNights={MAX_NIGHTS}
        onChange={(range) => {
          setCheckIn(range.checkIn);
          if (nightly) setCheckOut(range.checkOut);
        }}
        error={tr(errors.check_in) || tr(errors.check_out) || undefined}
      />
      <Field id="quote-guests" label={t('agent_guests_label')} error={tr(errors.guests)}>
        <input
          {...fieldA11y('quote-guests', errors.guests)}
          className="input"
          type="number"
          min={1}
          max={MAX_GUESTS}
          value={guests}
          onChange={(e) => setGuests(Math.max(1, Math.min(MAX_GUESTS, Math.floor(Number(e.target.value) || 1))))}
        />
      </Field>
    </div>
  );

  return (
    <div className="agent-builder" data-testid="quote-builder">
      <section aria-labelledby="builder-product">
        <h3 id="builder-product">{t('agent_builder_step_product')}</h3>
        {product ? (
          <div className="agent-chosen" data-testid="quote-product">
            <div>
              <div className="agent-result__name">{product.name}</div>
              <div className="small muted">
                {product.city} · {unit(product)}
              </div>
            </div>
            {productId ? null : (
              <button type="button" className="btn btn-sm" onClick={() => setProduct(null)}>
                {t('agent_change_product')}
              </button>
            )}
          </div>
        ) : productId ? (
          <div className="agent-loading" role="status">
            <span className="spinner spinner-sm" aria-hidden="true" />
          </div>
        ) : (
          <form className="form" onSubmit={search} data-testid="quote-search">
            <div className="form-row">
              <Field id="quote-type" label={t('agent_search_type')}>
                <select id="quote-type" className="select" value={type} onChange={(e) => setType(e.target.value as ProductType)}>
                  {types.map((ty) => (
                    <option key={ty} value={ty}>
                      {t(`agent_type_${ty}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="quote-city" label={t('agent_search_city')} hint={t('agent_search_city_hint')}>
                <input id="quote-city" aria-describedby="quote-city-hint" className="input" value={city} onChange={(e) => setCity(e.target.value)} autoComplete="off" />
              </Field>
            </div>
            {stayFields}
            <div>
              <button type="submit" className="btn btn-secondary" disabled={searching} aria-busy={searching || undefined}>
                {searching ? <span className="spinner" aria-hidden="true" /> : null}
                <span>{searching ? t('agent_searching') : t('agent_search')}</span>
              </button>
            </div>
            {results ? (
              results.length === 0 ? (
                <p className="muted" role="status">{t('agent_no_results')}</p>
              ) : (
                <ul className="agent-results" aria-label={t('agent_results')}>
                  {results.map((p) => (
                    <li key={p.product_id} className="agent-result" data-testid="quote-result">
                      {p.image ? <img src={p.image} alt="" width="64" height="48" loading="lazy" /> : null}
                      <div className="agent-result__main">
                        <div className="agent-result__name">{p.name}</div>
                        <div className="small muted">
                          {p.city} · {unit(p)}
                        </div>
                      </div>
                      <button type="button" className="btn btn-sm btn-primary" onClick={() => setProduct(p)} aria-label={`${t('labelled', { label: t('agent_choose') })} ${p.name}`}>
                        {t('agent_choose')}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </form>
        )}
      </section>

      {product ? (
        <form className="form" onSubmit={create} noValidate aria-labelledby="builder-details" data-testid="quote-details">
          <h3 id="builder-details">{t('agent_builder_step_details')}</h3>
          <Field id="quote-client" label={t('agent_quote_client')} error={tr(errors.client_id)}>
            {clients && clients.length === 0 ? (
              <p className="muted">
                {t('agent_quote_no_clients')} <a href="/agent/client-list">{t('agent_quote_add_client')}</a>
              </p>
            ) : (
              <select {...fieldA11y('quote-client', errors.client_id)} className="select" value={client} onChange={(e) => setClient(e.target.value)} data-autofocus>
                <option value="">{t('agent_quote_client_choose')}</option>
                {(clients ?? []).map((c) => (
                  <option key={c.client_id} value={c.client_id}>
                    {c.first_name} {c.last_name} · {c.email}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {stayFields}
          <div className="form-row">
            <Field id="quote-currency" label={t('agent_quote_currency')} error={tr(errors.currency)}>
              <select {...fieldA11y('quote-currency', errors.currency)} className="select" value={currency} onChange={(e) => setCurrency(e.target.value)}>
                {currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} · {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="quote-markup" label={t('agent_quote_markup')} error={tr(errors.markup_percent)}>
              <input
                {...fieldA11y('quote-markup', errors.markup_percent)}
                className="input"
                type="number"
                min={0}
                max={100}
                step={0.5}
                inputMode="decimal"
                value={markup}
                onChange={(e) => setMarkup(e.target.value)}
              />
            </Field>
          </div>
          <Field id="quote-note" label={t('agent_quote_note')} note={t('auth_optional')} error={tr(errors.note)}>
            <textarea {...fieldA11y('quote-note', errors.note)} className="textarea" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          {estimate ? (
            <div>
              <dl className="agent-estimate" aria-label={t('agent_quote_estimate')} data-testid="quote-estimate">
                <dt>{t('agent_col_net')}</dt>
                <dd>{money(fromMinor(estimate.net, currency), currency)}</dd>
                <dt>{t('agent_col_markup')}</dt>
                <dd>{money(fromMinor(estimate.markup, currency), currency)}</dd>
                <dt className="agent-estimate__total">{t('agent_col_total')}</dt>
                <dd className="agent-estimate__total">{money(fromMinor(estimate.total, currency), currency)}</dd>
              </dl>
              <p className="small muted">{t('agent_estimate_note')}</p>
            </div>
          ) : null}
          <div aria-live="polite">{failure ? <p className="alert alert-error">{failure}</p> : null}</div>
          <div className="agent-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              {t('agent_cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !clients?.length} aria-busy={busy || undefined} data-testid="quote-create">
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              <span>{busy ? t('agent_creating') : t('agent_quote_create')}</span>
            </button>
          </div>
        </form>
      ) : (
        <>
          <div aria-live="polite">{failure ? <p className="alert alert-error">{failure}</p> : null}</div>
          <div className="agent-dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              {t('agent_cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
