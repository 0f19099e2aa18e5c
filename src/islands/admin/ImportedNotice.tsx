// In place of the product editor and the calendar for a hotel a bed bank brought: its content, rooms and rates are the
// supplier's (the import rewrites them), so the console offers its imported-hotel page instead.
import { useT } from '../../stores/locale';

export default function ImportedNotice({ productId, supplier }: { productId: number; supplier: string }) {
  const t = useT();
  return (
    <div className="alert" data-testid="imported-notice">
      <p>{t('sup_hotels_imported_notice')}</p>
      <p>
        <a className="btn btn-sm btn-primary" href={`/admin/products/hotel?id=${productId}&from=${supplier}`}>
          {t('sup_hotels_open_imported')}
        </a>
      </p>
    </div>
  );
}
