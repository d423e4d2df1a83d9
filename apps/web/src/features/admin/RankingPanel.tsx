import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/Alert';
import { useProfiles } from '../friends/queries';
import { useAdminSeasonsQuery } from './game-queries';
import { Pager } from './Pager';
import { StaffPerson } from './StaffPerson';
import { useRankingStatusQuery } from './tools-queries';
import './staff-tools.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * STAFF-VIEWS-2: ranking status — each person's balance and rank in a season (the running one
 * first), or their lifetime balance; highest first, one person by id.
 */
export function RankingPanel() {
  const { t, i18n } = useTranslation();
  const seasons = useAdminSeasonsQuery();
  const [choice, setChoice] = useState<string>('');
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const list = seasons.data?.data ?? [];
  const running = list.find((s) => s.status === 'RUNNING') ?? list[0];
  const scope = choice || (running ? String(running.id) : 'lifetime');
  const lifetime = scope === 'lifetime';
  const userUuid = UUID.test(person.trim()) ? person.trim() : '';
  const ranking = useRankingStatusQuery(
    { seasonId: lifetime ? null : Number(scope), lifetime, userUuid },
    page,
  );
  const rows = ranking.data?.data ?? [];
  const profiles = useProfiles(rows.map((r) => r.userUuid));
  return (
    <section className="card" data-testid="ranking-panel">
      <h2>{t('admin.ranking.title')}</h2>
      <p className="fine-print admin-lead">{t('admin.ranking.lead')}</p>
      <div className="staff-filters">
        <label className="field">
          <span>{t('admin.ranking.scope')}</span>
          <select
            value={scope}
            onChange={(e) => {
              setChoice(e.target.value);
              setPage(1);
            }}
            data-testid="ranking-scope"
          >
            {list.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name} · {t(`admin.seasons.status.${s.status}`)}
              </option>
            ))}
            <option value="lifetime">{t('admin.ranking.lifetime')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('admin.ranking.person')}</span>
          <input
            value={person}
            placeholder={t('admin.uuidPlaceholder')}
            onChange={(e) => {
              setPerson(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <ErrorAlert error={ranking.error} />
      <table className="staff-table">
        <thead>
          <tr>
            <th>{t('admin.ranking.rank')}</th>
            <th>{t('admin.ranking.who')}</th>
            <th className="num">{t('admin.ranking.balance')}</th>
            <th className="wide">{t('admin.ranking.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.userUuid}-${row.seasonId}`} data-testid="ranking-row">
              <td>{row.rank ?? (lifetime ? (page - 1) * 20 + i + 1 : '—')}</td>
              <td>
                <StaffPerson uuid={row.userUuid} profile={profiles.data?.get(row.userUuid)} />
              </td>
              <td className="num">{row.balance}</td>
              <td className="wide">
                {row.updatedAt ? new Date(row.updatedAt).toLocaleString(i18n.language) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ranking.data && rows.length === 0 ? (
        <p className="fine-print">{t('admin.ranking.none')}</p>
      ) : null}
      <Pager page={page} pages={ranking.data?.pageCount ?? 1} onPage={setPage} />
    </section>
  );
}
