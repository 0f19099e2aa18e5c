// The console's products: every product of the org with its photo count and a link to its photos.
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import CardPhoto from '../ui/CardPhoto';
import { loadProducts } from '../../stores/photos';
import { useT } from '../../stores/locale';

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
      <p className="console-muted">{t('ph_products_intro')}</p>
      <div className="table-wrap">
        <table className="table table-stack photo-products">
          <thead>
            <tr>
              <th scope="col">{t('ph_col_product')}</th>
              <th scope="col">{t('ph_col_type')}</th>
              <th scope="col">{t('ph_col_city')}</th>
              <th scope="col">{t('ph_col_photos')}</th>
            </tr>
          </thead>
          <tbody>
            {products.data.map((p) => (
              <tr key={p.product_id} data-testid="product-row">
                <td>
                  <span className="photo-products__name">
                    <CardPhoto src={p.cover} sizes="64px" width={64} height={40} className="photo-products__thumb" />
                    <a href={`/admin/products/photos?id=${p.product_id}`} aria-label={t('ph_manage', { name: p.name })}>
                      {p.name}
                    </a>
                  </span>
                </td>
                <td data-label={t('ph_col_type')}>{t(`bk_type_${p.type}`)}</td>
                <td data-label={t('ph_col_city')}>{p.city}</td>
                <td data-label={t('ph_col_photos')}>{p.photos}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
