// One hotel a bed bank brought (/admin/products/hotel?id=…): read-only but for its sale. Its name and city in each of
// the site's languages, its room types (the supplier's), its photos' page, and "Take off sale" / "Put back on sale"
// (audited; a new import keeps the choice). No product editing, rooms, rates or calendar: they are the supplier's.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage } from './useConsoleForm';
import { loadSupplierHotel, setSupplierHotelOnSale } from '../../stores/suppliers';
import { $language, useT } from '../../stores/locale';
import { LANGUAGES, type Language } from '../../shared/i18n/types';
import { SUPPLIERS, type Supplier } from '../../shared/contract/supplier-text';

const LANGUAGE_LABEL: Record<Language, string> = { 'en-US': 'ph_alt_lang_en', 'fr-FR': 'ph_alt_lang_fr', 'es-ES': 'ph_alt_lang_es' };

export default function ImportedHotelPage() {
  return (
    <ConsoleGate section="admin">
      <ImportedHotel />
    </ConsoleGate>
  );
}

function fromAddress(): { productId: number; supplier: Supplier; back: string } {
  const params = new URLSearchParams(window.location.search);
  const from = params.get('from') ?? '';
  const supplier = (SUPPLIERS as readonly string[]).includes(from) ? (from as Supplier) : SUPPLIERS[0];
  const back = params.get('back') ?? '';
  // Only the products area's own list, never another address.
  return { productId: Number(params.get('id')) || 0, supplier, back: /^\/admin\/products\?from=[a-z]+(&[\w%.=&+-]*)?$/.test(back) ? back : `/admin/products?from=${supplier}` };
}

function ImportedHotel() {
  const t = useT();
  const language = useStore($language);
  const [{ productId, supplier, back }] = useState(fromAddress);
  const hotel = useConsoleLoad(() => loadSupplierHotel(supplier, productId), productId);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  if (!hotel.data) return <LoadState loaded={hotel} />;
  const h = hotel.data;
  const count = new Intl.NumberFormat(language);

  const switchSale = async () => {
    setBusy(true);
    setStatus('');
    setError('');
    try {
      const next = await setSupplierHotelOnSale(supplier, productId, !h.on_sale);
      hotel.setData(next);
      setStatus(next.on_sale ? t('sup_hotels_now_on') : t('sup_hotels_now_off'));
    } catch (err) {
      setError(consoleMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="imported-hotel" data-on-sale={h.on_sale ? 'true' : 'false'}>
      <p>
        <a href={back}>{t('sup_hotels_back')}</a>
      </p>
      <h2 className="console-break">{h.name}</h2>
      <p className="console-muted">{t('sup_hotels_readonly')}</p>
      <dl className="imported-hotel__facts">
        <dt>{t('sup_hotels_col_code')}</dt>
        <dd translate="no">{h.supplier_code}</dd>
        <dt>{t('ph_col_city')}</dt>
        <dd>{h.city}</dd>
        <dt>{t('sup_hotels_address')}</dt>
        <dd>{h.address || '—'}</dd>
        <dt>{t('sup_hotels_col_sale')}</dt>
        <dd data-testid="imported-hotel-sale">{h.on_sale ? t('sup_hotels_on_sale') : t('sup_hotels_off_sale')}</dd>
      </dl>
      <div className="console-actions">
        <button type="button" className={h.on_sale ? 'btn' : 'btn btn-primary'} disabled={busy} onClick={() => void switchSale()} aria-describedby="imported-hotel-sale-hint">
          {h.on_sale ? t('sup_hotels_take_off') : t('sup_hotels_put_back')}
        </button>
        <a className="btn" href={`/admin/products/photos?id=${h.product_id}`}>
          {t('sup_hotels_photos', { count: count.format(h.photos) })}
        </a>
      </div>
      <p id="imported-hotel-sale-hint" className="console-muted">
        {t('sup_hotels_sale_hint')}
      </p>
      <p role="status" className="console-status is-saved" data-testid="imported-hotel-status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="console-status is-failed">
          {error}
        </p>
      ) : null}

      <h3 className="imported-hotel__section">{t('sup_hotels_texts')}</h3>
      <div className="table-wrap">
        <table className="table table-stack">
          <thead>
            <tr>
              <th scope="col">{t('sup_hotels_language')}</th>
              <th scope="col">{t('sup_hotels_name')}</th>
              <th scope="col">{t('ph_col_city')}</th>
            </tr>
          </thead>
          <tbody>
            {LANGUAGES.map((l) => (
              <tr key={l}>
                <td>{t(LANGUAGE_LABEL[l])}</td>
                <td data-label={t('sup_hotels_name')} className="console-break" lang={l}>
                  {h.names[l]}
                </td>
                <td data-label={t('ph_col_city')} lang={l}>
                  {h.cities[l]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="imported-hotel__section">{t('sup_hotels_rooms')}</h3>
      {h.rooms.length ? (
        <div className="table-wrap">
          <table className="table table-stack" data-testid="imported-hotel-rooms">
            <thead>
              <tr>
                <th scope="col">{t('sup_hotels_col_room')}</th>
                <th scope="col">{t('sup_hotels_col_code')}</th>
                <th scope="col">{t('sup_hotels_col_adults')}</th>
                <th scope="col">{t('sup_hotels_col_children')}</th>
                <th scope="col">{t('sup_hotels_col_guests')}</th>
              </tr>
            </thead>
            <tbody>
              {h.rooms.map((r) => (
                <tr key={r.room_id}>
                  <td className="console-break">{r.name[language as Language] ?? r.name['en-US']}</td>
                  <td data-label={t('sup_hotels_col_code')} translate="no">
                    {r.code}
                  </td>
                  <td data-label={t('sup_hotels_col_adults')}>{r.max_adults}</td>
                  <td data-label={t('sup_hotels_col_children')}>{r.max_children}</td>
                  <td data-label={t('sup_hotels_col_guests')}>{r.max_occupancy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="console-muted">{t('sup_hotels_no_rooms')}</p>
      )}
    </div>
  );
}
