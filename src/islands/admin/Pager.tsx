// Previous / next through a paged console list.
import { useT } from '../../stores/locale';

export default function Pager({ page, count, perPage, onPage }: { page: number; count: number; perPage: number; onPage: (page: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(count / perPage));
  if (pages === 1) return null;
  return (
    <nav className="console-pager" aria-label={t('admin_page_of', { page, pages })}>
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin_prev')}
      </button>
      <span>{t('admin_page_of', { page, pages })}</span>
      <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin_next')}
      </button>
    </nav>
  );
}
