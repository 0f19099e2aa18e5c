// The console's products: every product of the org with its code, status and photo count, a way to edit it, its
// photos and (a hotel, resort or stay) its calendar, and a way to add one. Beside them, the hotels a bed bank brought
// (?from=<supplier>): listed apart, paged by the server (ImportedHotels).
import { useState } from 'react';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import ImportedHotels from './ImportedHotels';
import CardPhoto from '../ui/CardPhoto';
import { loadProducts } from '../../stores/photos';
import { useT } from '../../stores/locale';
import { isNightly } from '../../shared/contract/inventory-text';
import { SUPPLIERS, type Supplier } from '../../shared/contract/supplier-text';

export default function ProductsPage() {
  return (
    <ConsoleGate section="admin">
      <ProductsArea />
    </ConsoleGate>
  );
}

/** The supplier the address asks for (?from=hotelbeds), or null for the org's own products. */
function supplierOfAddress(): Supplier | null {
  const from = new URLSearchParams(window.location.search).get('from');
  return (SUPPLIERS as readonly string[]).includes(from ?? '') ? (from as Supplier) : null;
}

function ProductsArea() {
  const t = useT();
  const [supplier] = useState(supplierOfAddress);
  const views: { href: string; label: string; current: boolean }[] = [
    { href: '/admin/products', label: t('sup_hotels_tab_own'), current: supplier === null },
    ...SUPPLIERS.map((s) => ({ href: `/admin/products?from=${s}`, label: t('sup_hotels_tab_bank'), current: supplier === s })),
  ];
  return (
    <>
      <nav className="console-views" aria-label={t('sup_hotels_tabs')}>
        <ul>
          {views.map((v) => (
            <li key={v.href}>
              <a href={v.href} aria-current={v.current ? 'page' : undefined} className={v.current ? 'btn btn-sm btn-primary' : 'btn btn-sm'}>
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {supplier ? <ImportedHotels supplier={supplier} /> : <Products />}
    </>
  );
}

function Products() {
  const t = useT();
  const products = useConsoleLoad(loadProducts);
  if (!products.data) return <LoadState loaded={products} />;
  return (
    <>
      <p className="console-muted">{t('inv_products_intro')}</p>
      <p>
        <a className="btn btn-primary" href="/admin/products/edit" data-testid="add-product">
          {t('inv_add_product')}
        </a>
      </p>
      <div className="table-wrap">
        <table className="table table-stack photo-products">
          <thead>
            <tr>
              <th scope="col">{t('ph_col_product')}</th>
              <th scope="col">{t('inv_col_code')}</th>
              <th scope="col">{t('ph_col_type')}</th>
              <th scope="col">{t('ph_col_city')}</th>
              <th scope="col">{t('inv_col_status')}</th>
              <th scope="col">{t('ph_col_photos')}</th>
              <th scope="col">{t('inv_col_calendar')}</th>
            </tr>
          </thead>
          <tbody>
            {products.data.map((p) => (
              <tr key={p.product_id} data-testid="product-row" data-product-id={p.product_id}>
                <td>
                  <span className="photo-products__name">
                    <CardPhoto src={p.cover} sizes="64px" width={64} height={40} className="photo-products__thumb" />
                    <a href={`/admin/products/edit?id=${p.product_id}`} aria-label={t('inv_edit_product', { name: p.name })}>
                      {p.name}
                    </a>
                  </span>
                </td>
                <td data-label={t('inv_col_code')}>{p.code}</td>
                <td data-label={t('ph_col_type')}>{t(`bk_type_${p.type}`)}</td>
                <td data-label={t('ph_col_city')}>{p.city}</td>
                <td data-label={t('inv_col_status')}>
                  {t(`inv_status_${p.status}`)}
                  {p.status === 'ACTIVE' && !p.bookable ? <span className="badge inv-badge"> {t('inv_not_for_sale')}</span> : null}
                </td>
                <td data-label={t('ph_col_photos')}>
                  <a href={`/admin/products/photos?id=${p.product_id}`}>
                    {p.photos}
                    <span className="visually-hidden"> {t('ph_manage', { name: p.name })}</span>
                  </a>
                </td>
                <td data-label={t('inv_col_calendar')}>
                  {isNightly(p.type) ? (
                    <a href={`/admin/products/calendar?id=${p.product_id}`} aria-label={t('inv_calendar_of', { name: p.name })}>
                      {t('inv_col_calendar')}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
