// The bed bank's hotels in the console's products area (/admin/products?from=<supplier>): found by name, city or code,
// paged by the server (an org holds thousands), each with its city, supplier code, photo count and sale, opened to read
// it and take it off sale. The search and page are kept in the address, so coming back from a hotel finds the same list.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Supplier } from '../../shared/contract/suppliers';
import { listSupplierHotels } from '../../stores/suppliers';
import { $language, useT } from '../../stores/locale';
import CardPhoto from '../ui/CardPhoto';
import LoadState, { useConsoleLoad } from './LoadState';
import Pager from './Pager';

/** The list's search and page as the address keeps them. */
function queryOfAddress(): { q: string; page: number } {
  const params = new URLSearchParams(window.location.search);
  const page = Number(params.get('page'));
  return { q: params.get('q') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

export default function ImportedHotels({ supplier }: { supplier: Supplier }) {
  const t = useT();
  const language = useStore($language);
  const [query, setQuery] = useState(queryOfAddress);
  const [typed, setTyped] = useState(query.q);
  const list = useConsoleLoad(() => listSupplierHotels(supplier, query.q, query.page), query);

  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('from', supplier);
    for (const [key, value] of [['q', query.q], ['page', query.page > 1 ? String(query.page) : '']] as const) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    window.history.replaceState(window.history.state, '', url);
  }, [query, supplier]);

  // Typing searches once the typing pauses; Enter or the button at once.
  useEffect(() => {
    if (typed.trim() === query.q.trim()) return;
    const timer = window.setTimeout(() => setQuery({ q: typed.trim(), page: 1 }), 350);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const count = new Intl.NumberFormat(language);
  const backTo = `/admin/products?from=${supplier}${query.q ? `&q=${encodeURIComponent(query.q)}` : ''}${query.page > 1 ? `&page=${query.page}` : ''}`;
  return (
    <section aria-labelledby="imported-hotels-title" data-testid="imported-hotels">
      <h2 id="imported-hotels-title" className="visually-hidden">
        {t('sup_hotels_tab_bank')}
      </h2>
      <p className="console-muted">{t('sup_hotels_intro')}</p>
      <form
        className="console-actions"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ q: typed.trim(), page: 1 });
        }}
      >
        <label className="visually-hidden" htmlFor="imported-hotel-search">
          {t('sup_hotels_search')}
        </label>
        <input
          id="imported-hotel-search"
          className="input console-search"
          type="search"
          value={typed}
          maxLength={100}
          placeholder={t('sup_hotels_search')}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn">
          {t('admin_search')}
        </button>
      </form>
      {list.data ? (
        <>
          <p className="console-muted" role="status" data-testid="imported-hotels-count">
            {list.data.count ? t('sup_hotels_found', { count: count.format(list.data.count) }) : query.q ? t('sup_hotels_none') : t('sup_hotels_none_yet')}
          </p>
          {list.data.data.length ? (
            <div className="table-wrap">
              <table className="table table-stack photo-products">
                <thead>
                  <tr>
                    <th scope="col">{t('sup_hotels_col_hotel')}</th>
                    <th scope="col">{t('ph_col_city')}</th>
                    <th scope="col">{t('sup_hotels_col_code')}</th>
                    <th scope="col">{t('ph_col_photos')}</th>
                    <th scope="col">{t('sup_hotels_col_sale')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((h) => (
                    <tr key={h.product_id} data-testid="imported-hotel-row" data-product-id={h.product_id} data-on-sale={h.on_sale ? 'true' : 'false'}>
                      <td className="console-break">
                        <span className="photo-products__name">
                          <CardPhoto src={h.cover} sizes="64px" width={64} height={40} className="photo-products__thumb" />
                          <a href={`/admin/products/hotel?id=${h.product_id}&back=${encodeURIComponent(backTo)}`} aria-label={t('sup_hotels_open', { name: h.name })}>
                            {h.name}
                          </a>
                        </span>
                      </td>
                      <td data-label={t('ph_col_city')}>{h.city}</td>
                      <td data-label={t('sup_hotels_col_code')} translate="no">
                        {h.supplier_code}
                      </td>
                      <td data-label={t('ph_col_photos')}>
                        <a href={`/admin/products/photos?id=${h.product_id}`}>
                          {count.format(h.photos)}
                          <span className="visually-hidden"> {t('ph_manage', { name: h.name })}</span>
                        </a>
                      </td>
                      <td data-label={t('sup_hotels_col_sale')}>{h.on_sale ? t('sup_hotels_on_sale') : <span className="badge inv-badge">{t('sup_hotels_off_sale')}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pager page={list.data.page} count={list.data.count} perPage={list.data.per_page} onPage={(page) => setQuery({ ...query, page })} />
        </>
      ) : (
        <LoadState loaded={list} />
      )}
    </section>
  );
}
