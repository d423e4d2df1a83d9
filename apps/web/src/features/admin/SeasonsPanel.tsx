import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import {
  useAdminSeasonsQuery,
  useBackfillMutation,
  useCreateSeasonMutation,
  useRemoveSeasonMutation,
  useUpdateSeasonMutation,
} from './game-queries';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** STAFF-SEASONS-1: seasons — add one, end the running one now, remove an upcoming one, give awards. */
export function SeasonsPanel() {
  const { t } = useTranslation();
  const seasons = useAdminSeasonsQuery();
  const create = useCreateSeasonMutation();
  const [name, setName] = useState('');
  const [start, setStart] = useState(day(0));
  const [end, setEnd] = useState(day(30));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        startDate: new Date(`${start}T00:00:00`).toISOString(),
        endDate: new Date(`${end}T00:00:00`).toISOString(),
      },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <section className="card" data-testid="admin-seasons">
      <h2>{t('admin.seasons.title')}</h2>
      <form className="inline-form" onSubmit={submit}>
        <label className="field">
          <span>{t('admin.seasons.name')}</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={80}
            data-testid="season-name"
          />
        </label>
        <label className="field">
          <span>{t('admin.seasons.start')}</span>
          <input type="date" value={start} onChange={(e) => setStart(e.target.value)} required />
        </label>
        <label className="field">
          <span>{t('admin.seasons.end')}</span>
          <input type="date" value={end} onChange={(e) => setEnd(e.target.value)} required />
        </label>
        <button
          className="btn btn-primary"
          disabled={create.isPending || !name.trim()}
          data-testid="season-create"
        >
          {t('admin.seasons.create')}
        </button>
      </form>
      <ErrorAlert error={create.error ?? seasons.error} />
      <ul className="admin-rooms">
        {(seasons.data?.data ?? []).map((s) => (
          <SeasonRow key={s.id} season={s} />
        ))}
      </ul>
      {seasons.data?.data.length === 0 ? <p className="muted">{t('admin.seasons.none')}</p> : null}
    </section>
  );
}

function SeasonRow({ season }: { season: SeasonDto }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSeasonMutation();
  const remove = useRemoveSeasonMutation();
  const backfill = useBackfillMutation();
  const fmt = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="admin-room" data-testid="admin-season-row">
      <div className="admin-room-head">
        <strong>{season.name}</strong>
        <span className={`role-tag ${season.status === 'RUNNING' ? 'is-good' : ''}`}>
          {t(`admin.seasons.status.${season.status}`)}
        </span>
        <span className="muted">
          {fmt(season.startDate)} – {fmt(season.endDate)}
        </span>
      </div>
      <ErrorAlert error={update.error ?? remove.error ?? backfill.error} />
      <div className="form-actions-inline">
        {season.status === 'RUNNING' ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ id: season.id, body: { endDate: new Date().toISOString() } })
            }
            data-testid="season-end-now"
          >
            {t('admin.seasons.endNow')}
          </button>
        ) : null}
        {season.status === 'UPCOMING' ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(season.id)}
          >
            {t('admin.seasons.remove')}
          </button>
        ) : null}
        {season.status === 'ENDED' ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={backfill.isPending}
            onClick={() => backfill.mutate(season.id)}
            data-testid="season-backfill"
          >
            {t('admin.seasons.backfill')}
          </button>
        ) : null}
        {backfill.data ? (
          <span className="muted">
            {t('admin.seasons.backfilled', { count: backfill.data.assigned })}
          </span>
        ) : null}
      </div>
    </li>
  );
}
