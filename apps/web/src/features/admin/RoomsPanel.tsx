import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminRoomDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { SwitchRow } from '../../ui/SwitchRow';
import { Pager } from './Pager';
import { useAdminRoomsQuery, useAdminRoomUpdateMutation, useResetRoomMutation } from './queries';

/** ADMIN-ROOMS-1: every room (deleted ones too); promote, open or close, reset its live state. */
export function RoomsPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const rooms = useAdminRoomsQuery(search.trim(), page);
  return (
    <section className="card" data-testid="admin-rooms">
      <h2>{t('admin.rooms.title', { count: rooms.data?.total ?? 0 })}</h2>
      <label className="field admin-filter">
        <span>{t('admin.rooms.find')}</span>
        <input
          type="search"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
          placeholder={t('admin.rooms.searchPlaceholder')}
          data-testid="admin-room-search"
        />
      </label>
      <ErrorAlert error={rooms.error} />
      <ul className="admin-rooms">
        {(rooms.data?.data ?? []).map((r) => (
          <AdminRoomRow key={r.uuid} room={r} />
        ))}
      </ul>
      <Pager page={page} pages={rooms.data?.pageCount ?? 1} onPage={setPage} />
    </section>
  );
}

function AdminRoomRow({ room }: { room: AdminRoomDto }) {
  const { t } = useTranslation();
  const update = useAdminRoomUpdateMutation();
  const reset = useResetRoomMutation();
  const [sure, setSure] = useState(false);
  const set = (body: { promoted?: boolean; isLive?: boolean }) =>
    update.mutate({ uuid: room.uuid, body });
  return (
    <li className="admin-room" data-testid="admin-room-row">
      <div className="admin-room-head">
        {room.deletedAt ? (
          <strong>{room.name}</strong>
        ) : (
          <Link to={`/rooms/${room.slug}`}>
            <strong>{room.name}</strong>
          </Link>
        )}
        <small className="muted">/{room.slug}</small>
        {room.deletedAt ? (
          <span className="role-tag is-bad">{t('admin.rooms.deleted')}</span>
        ) : null}
        <span className="muted">
          {t('rooms.listeners', { count: room.numberOfUsersInRoom ?? 0 })}
        </span>
      </div>
      <ErrorAlert error={update.error ?? reset.error} />
      {room.deletedAt ? null : (
        <>
          <ul className="switch-list">
            <SwitchRow
              label={t('roomExtras.promoted')}
              hint={t('roomExtras.promotedHint')}
              on={room.promoted}
              busy={update.isPending}
              onChange={(promoted) => set({ promoted })}
              testId="admin-room-promoted"
            />
            <SwitchRow
              label={t('roomExtras.isLive')}
              hint={t('roomExtras.isLiveHint')}
              on={room.isLive}
              busy={update.isPending}
              onChange={(isLive) => set({ isLive })}
              testId="admin-room-live"
            />
          </ul>
          <div className="form-actions-inline">
            <Link className="btn btn-ghost btn-sm" to={`/rooms/${room.slug}/settings`}>
              {t('admin.rooms.settings')}
            </Link>
            {sure ? (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={reset.isPending}
                onClick={() => reset.mutate(room.uuid, { onSuccess: () => setSure(false) })}
                data-testid="admin-room-reset-confirm"
              >
                {t('admin.rooms.resetConfirm')}
              </button>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSure(true)}>
                {t('admin.rooms.reset')}
              </button>
            )}
            {reset.isSuccess ? <span className="muted">{t('admin.rooms.wasReset')}</span> : null}
          </div>
        </>
      )}
    </li>
  );
}
