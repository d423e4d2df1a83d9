import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/Alert';
import { useProfiles } from '../friends/queries';
import { Pager } from './Pager';
import { StaffPerson } from './StaffPerson';
import { useAdminDjsQuery } from './tools-queries';
import './staff-tools.css';

/** STAFF-VIEWS-1: DJs by their number of fans, most first (GET /admin/djs). */
export function DjsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const djs = useAdminDjsQuery(page);
  const rows = djs.data?.djs ?? [];
  const profiles = useProfiles(rows.map((r) => r.djUuid));
  const pages = Math.max(1, Math.ceil((djs.data?.total ?? 0) / 20));
  return (
    <section className="card" data-testid="djs-panel">
      <h2>{t('admin.djs.title', { count: djs.data?.total ?? 0 })}</h2>
      <p className="fine-print admin-lead">{t('admin.djs.lead')}</p>
      <ErrorAlert error={djs.error} />
      <table className="staff-table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('admin.djs.dj')}</th>
            <th className="num">{t('admin.djs.fans')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.djUuid} data-testid="dj-row">
              <td>{(page - 1) * 20 + i + 1}</td>
              <td>
                <StaffPerson uuid={row.djUuid} profile={profiles.data?.get(row.djUuid)} />
              </td>
              <td className="num">{row.fansCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {djs.data && rows.length === 0 ? <p className="fine-print">{t('admin.djs.none')}</p> : null}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
