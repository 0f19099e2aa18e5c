// The console's products: every product of the org with its code, status and photo count, a way to edit it, its
// photos and (a hotel, resort or stay) its calendar, and a way to add one.
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import CardPhoto from '../ui/CardPhoto';
import { loadProducts } from '../../stores/photos';
import { useT } from '../../stores/locale';
import { isNightly } from '../../shared/contract/inventory-text';

export default function ProductsPage() {
  return (
    <ConsoleGate section="admin">
      <Products />
    </ConsoleGate>
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
