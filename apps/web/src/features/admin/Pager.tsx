import { useTranslation } from 'react-i18next';

/** Previous / page x of y / next, for the console's paged lists. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <div className="admin-pager">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.prev')}
      </button>
      <span>{t('admin.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.next')}
      </button>
    </div>
  );
}
