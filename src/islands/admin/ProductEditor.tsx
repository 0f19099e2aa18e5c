// A product in the console (/admin/products/edit, ?id= for one that exists): its details, created here or changed,
// the ways to its photos and its calendar, and for a hotel, resort or stay its room types and rate plans.
import { useState, type FormEvent } from 'react';
import ConsoleGate from './ConsoleGate';
import InventoryField from './InventoryField';
import LoadState, { useConsoleLoad } from './LoadState';
import RoomsAndRates from './RoomsAndRates';
import ImportedNotice from './ImportedNotice';
import { useConsoleForm } from './useConsoleForm';
import { centsOf, DESCRIPTION_LABEL, dollarsOf, fieldProps } from './inventory-form';
import { createProduct, loadProduct, saveProduct, type ProductDetail } from '../../stores/inventory';
import { useT } from '../../stores/locale';
import { isNightly, PRODUCT_STATUSES, ProductCreateSchema, ProductPatchSchema, STAY_DEFAULTS } from '../../shared/contract/inventory';
import { LANGUAGES } from '../../shared/i18n/types';
import { PRODUCT_TYPES } from '../../shared/rules/wallet';

export default function ProductEditor() {
  return (
    <ConsoleGate section="admin">
      <Editor />
    </ConsoleGate>
  );
}

const idInAddress = () => Number(new URLSearchParams(location.search).get('id')) || 0;

function Editor() {
  const t = useT();
  const [productId, setProductId] = useState(idInAddress);
  const [created, setCreated] = useState('');
  const loaded = useConsoleLoad(() => (productId ? loadProduct(productId) : Promise.resolve(null)), productId);
  if (productId && !loaded.data) return <LoadState loaded={loaded} />;
  const product = loaded.data;
  // A bed bank's hotel is not edited here: only its sale and photos change, on its own page.
  if (product?.source) return <ImportedNotice productId={product.product_id} supplier={product.source} />;

  const onCreated = (detail: ProductDetail) => {
    history.replaceState(null, '', `?id=${detail.product_id}`);
    setCreated(t(isNightly(detail.type) ? 'inv_created' : 'inv_created_activity'));
    loaded.setData(detail);
    setProductId(detail.product_id);
  };

  return (
    <>
      <p>
        <a href="/admin/products">← {t('inv_back')}</a>
      </p>
      <h2 className="inv-title" data-testid="product-title">
        {product ? product.name : t('inv_new_product')}
      </h2>
      {product ? (
        <nav className="inv-links" aria-label={t('inv_product_links')}>
          <a className="btn btn-sm" href={`/admin/products/photos?id=${product.product_id}`}>
            {t('inv_photos_link', { n: product.photos })}
          </a>
          {isNightly(product.type) ? (
            <a className="btn btn-sm" href={`/admin/products/calendar?id=${product.product_id}`} data-testid="calendar-link">
              {t('inv_calendar_link')}
            </a>
          ) : null}
        </nav>
      ) : null}
      {created ? (
        <p className="alert alert-success" role="status" data-testid="product-created">
          {created}
        </p>
      ) : null}
      {product && product.status === 'ACTIVE' && !product.bookable ? (
        <p className="console-muted" data-testid="not-bookable">
          {t('inv_not_bookable')}
        </p>
      ) : null}
      <ProductForm key={product?.product_id ?? 'new'} product={product} onSaved={(d) => (product ? loaded.setData(d) : onCreated(d))} />
      {product && isNightly(product.type) ? <RoomsAndRates product={product} onChanged={() => loaded.reload()} /> : null}
    </>
  );
}

type Values = {
  type: string;
  name: string;
  code?: string;
  status: string;
  city: string;
  country: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  time_zone: string;
  check_in_time?: string;
  check_out_time?: string;
  rating?: number;
  price_usd_minor?: number;
  amenities: string[];
  description: Partial<Record<(typeof LANGUAGES)[number], string>>;
};

const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
})();

function initialValues(p: ProductDetail | null): Values {
  if (!p) {
    return {
      type: 'HLT', name: '', status: 'ACTIVE', city: '', country: '', address: '', time_zone: '', check_in_time: STAY_DEFAULTS.checkIn, check_out_time: STAY_DEFAULTS.checkOut,
      amenities: [], description: {},
    };
  }
  return {
    type: p.type, name: p.name, code: p.code, status: p.status, city: p.city, country: p.country, address: p.address, latitude: p.latitude, longitude: p.longitude,
    time_zone: p.time_zone, check_in_time: p.check_in_time, check_out_time: p.check_out_time, rating: p.rating, amenities: p.amenities, description: { ...p.description },
    ...(isNightly(p.type) ? {} : { price_usd_minor: p.price_usd_minor }),
  };
}

function ProductForm({ product, onSaved }: { product: ProductDetail | null; onSaved: (detail: ProductDetail) => void }) {
  const t = useT();
  const schema = product ? ProductPatchSchema : ProductCreateSchema;
  const form = useConsoleForm(schema, initialValues(product) as never);
  const v = form.values as unknown as Values;
  const set = form.set as unknown as (name: keyof Values, value: unknown) => void;
  const [amenities, setAmenities] = useState(v.amenities.join(', '));
  const [price, setPrice] = useState(dollarsOf(v.price_usd_minor));
  const props = (name: string, hint = false) => ({ ...fieldProps('prod', name, form.errors, hint), onBlur: () => form.blur(name) });
  const nightly = isNightly(v.type);

  function setType(type: string) {
    set('type', type);
    if (isNightly(type)) set('price_usd_minor', undefined);
    else set('price_usd_minor', centsOf(price) ?? 0);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    await form.submit(async (parsed) => {
      const body = { ...(parsed as Record<string, unknown>) };
      if (!body.code) delete body.code;
      onSaved(product ? await saveProduct(product.product_id, body as never) : await createProduct(body as never));
    });
  }

  return (
    <form className="console-form console-group" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="prod-heading" data-testid="product-form">
      <h2 id="prod-heading">{t('inv_details')}</h2>
      <div className="console-grid">
        <InventoryField prefix="prod" name="type" label={t('inv_type')} error={form.errors.type}>
          <select className="input" {...props('type')} value={v.type} onChange={(e) => setType(e.target.value)}>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`inv_type_${type}`)}
              </option>
            ))}
          </select>
        </InventoryField>
        <InventoryField prefix="prod" name="name" label={t('inv_name')} hint={t('inv_name_hint')} error={form.errors.name}>
          <input className="input" {...props('name', true)} value={v.name} onChange={(e) => set('name', e.target.value)} />
        </InventoryField>
        <InventoryField prefix="prod" name="code" label={t('inv_code')} hint={t('inv_code_hint')} error={form.errors.code}>
          <input className="input" {...props('code', true)} autoComplete="off" spellCheck={false} value={v.code ?? ''} onChange={(e) => set('code', e.target.value || undefined)} />
        </InventoryField>
        <InventoryField prefix="prod" name="status" label={t('inv_status')} hint={t('inv_status_hint')} error={form.errors.status}>
          <select className="input" {...props('status', true)} value={v.status} onChange={(e) => set('status', e.target.value)}>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`inv_status_${s}`)}
              </option>
            ))}
          </select>
        </InventoryField>
        <InventoryField prefix="prod" name="city" label={t('inv_city')} error={form.errors.city}>
          <input className="input" {...props('city')} value={v.city} onChange={(e) => set('city', e.target.value)} />
        </InventoryField>
        <InventoryField prefix="prod" name="country" label={t('inv_country')} hint={t('inv_country_hint')} error={form.errors.country}>
          <input className="input" {...props('country', true)} maxLength={2} autoComplete="off" value={v.country} onChange={(e) => set('country', e.target.value)} />
        </InventoryField>
        <InventoryField prefix="prod" name="address" label={t('inv_address')} error={form.errors.address}>
          <input className="input" {...props('address')} value={v.address ?? ''} onChange={(e) => set('address', e.target.value)} />
        </InventoryField>
        <InventoryField prefix="prod" name="latitude" label={t('inv_latitude')} error={form.errors.latitude}>
          <input className="input" {...props('latitude')} type="number" step="any" inputMode="decimal" value={v.latitude ?? ''} onChange={(e) => set('latitude', e.target.value === '' ? undefined : Number(e.target.value))} />
        </InventoryField>
        <InventoryField prefix="prod" name="longitude" label={t('inv_longitude')} error={form.errors.longitude}>
          <input className="input" {...props('longitude')} type="number" step="any" inputMode="decimal" value={v.longitude ?? ''} onChange={(e) => set('longitude', e.target.value === '' ? undefined : Number(e.target.value))} />
        </InventoryField>
        <InventoryField prefix="prod" name="time_zone" label={t('inv_time_zone')} hint={t('inv_time_zone_hint')} error={form.errors.time_zone}>
          <input className="input" {...props('time_zone', true)} list="prod-time-zones" autoComplete="off" spellCheck={false} value={v.time_zone} onChange={(e) => set('time_zone', e.target.value)} />
        </InventoryField>
        {nightly ? (
          <>
            <InventoryField prefix="prod" name="check_in_time" label={t('inv_check_in_time')} hint={t('inv_stay_time_hint')} error={form.errors.check_in_time}>
              <input className="input" {...props('check_in_time', true)} inputMode="numeric" maxLength={5} placeholder={STAY_DEFAULTS.checkIn} autoComplete="off" value={v.check_in_time ?? ''} onChange={(e) => set('check_in_time', e.target.value)} />
            </InventoryField>
            <InventoryField prefix="prod" name="check_out_time" label={t('inv_check_out_time')} hint={t('inv_stay_time_hint')} error={form.errors.check_out_time}>
              <input className="input" {...props('check_out_time', true)} inputMode="numeric" maxLength={5} placeholder={STAY_DEFAULTS.checkOut} autoComplete="off" value={v.check_out_time ?? ''} onChange={(e) => set('check_out_time', e.target.value)} />
            </InventoryField>
          </>
        ) : null}
        <InventoryField prefix="prod" name="rating" label={t('inv_rating')} error={form.errors.rating}>
          <input className="input" {...props('rating')} type="number" min="0" max="5" step="0.5" inputMode="decimal" value={v.rating ?? ''} onChange={(e) => set('rating', e.target.value === '' ? undefined : Number(e.target.value))} />
        </InventoryField>
        {nightly ? null : (
          <InventoryField prefix="prod" name="price_usd_minor" label={t('inv_price_person')} error={form.errors.price_usd_minor}>
            <input
              className="input"
              {...props('price_usd_minor')}
              inputMode="decimal"
              value={price}
              onChange={(e) => {
                setPrice(e.target.value);
                set('price_usd_minor', centsOf(e.target.value));
              }}
            />
          </InventoryField>
        )}
        <InventoryField prefix="prod" name="amenities" label={t('inv_amenities')} hint={t('inv_amenities_hint')} error={form.errors.amenities}>
          <input
            className="input"
            {...props('amenities', true)}
            value={amenities}
            onChange={(e) => {
              setAmenities(e.target.value);
              set('amenities', e.target.value.split(',').map((a) => a.trim()).filter(Boolean));
            }}
          />
        </InventoryField>
      </div>
      <datalist id="prod-time-zones">
        {TIME_ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <fieldset className="inv-descriptions" aria-describedby="prod-description-error">
        <legend>{t('inv_description')}</legend>
        {LANGUAGES.map((lang) => (
          <div className="field" key={lang}>
            <label htmlFor={`prod-description-${lang}`}>{t(DESCRIPTION_LABEL[lang])}</label>
            <textarea
              className="input"
              id={`prod-description-${lang}`}
              rows={3}
              lang={lang}
              aria-invalid={form.errors.description ? 'true' : undefined}
              value={v.description[lang] ?? ''}
              onChange={(e) => set('description', { ...v.description, [lang]: e.target.value })}
              onBlur={() => form.blur('description')}
            />
          </div>
        ))}
        <p className="field-error" id="prod-description-error">
          {form.errors.description ?? ''}
        </p>
      </fieldset>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
          {t(product ? 'admin_save' : 'inv_create')}
        </button>
        <p className={`console-status${form.state === 'failed' ? ' is-failed' : ' is-saved'}`} role="status" data-testid="product-status">
          {form.state === 'failed' || (form.state === 'saved' && product) ? form.message : ''}
        </p>
      </div>
    </form>
  );
}
