import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activity } from '../../lib/activity';
import { useErrorText } from '../../lib/errors';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { SubmitButton } from '../../ui/SubmitButton';
import { mayI } from '../../entities/session/access';
import { useMyRooms } from '../../entities/room/queries';
import { useOwnProfile } from '../../entities/user/queries';
import { useAttachRoomMutation, useGuildRoomsQuery } from './queries';

/** Pages where the activity shows its server's rooms: the home page and the room list. */
const LISTING_PAGES = ['/', '/rooms'];

/**
 * ACTIVITY-ROOMS-1, ACTIVITY-ROOMS-2: inside a Discord server's activity, the home page and the
 * room list start with the rooms attached to that server, and a manager of a room attaches it.
 */
export function ActivityRooms() {
  const { pathname } = useLocation();
  const guildId = activity()?.guildId ?? null;
  if (!guildId || !LISTING_PAGES.includes(pathname)) return null;
  return <GuildRooms guildId={guildId} />;
}

function GuildRooms({ guildId }: { guildId: string }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const rooms = useGuildRoomsQuery(guildId);
  const list = rooms.data ?? [];
  return (
    <div className="container">
      <section
        className="card activity-rooms"
        aria-labelledby="activity-rooms-title"
        data-testid="activity-rooms"
      >
        <h2 id="activity-rooms-title">{t('discord.serverRooms')}</h2>
        {rooms.isPending ? (
          <p className="muted loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        ) : null}
        {rooms.error ? <Alert>{toText(rooms.error)}</Alert> : null}
        {rooms.data && list.length === 0 ? (
          <p className="muted">{t('discord.serverRoomsEmpty')}</p>
        ) : null}
        {list.length > 0 ? (
          <ul className="activity-rooms-list">
            {list.map((room) => (
              <li key={room.uuid} data-testid="activity-room">
                <span>
                  <strong>{room.name}</strong>
                  <span className="muted">
                    {' · '}
                    {t('rooms.listeners', { count: room.numberOfUsersInRoom ?? 0 })}
                  </span>
                </span>
                <Link className="btn btn-primary btn-sm" to={`/rooms/${room.slug}`}>
                  {t('discord.joinRoom')}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <AttachRoom guildId={guildId} attached={list.map((r) => r.uuid)} />
      </section>
    </div>
  );
}

/** ACTIVITY-ROOMS-2: a room the person manages (`room.settings.edit`), attached to this server. */
function AttachRoom({ guildId, attached }: { guildId: string; attached: string[] }) {
  const { t } = useTranslation();
  const { data: me } = useOwnProfile();
  const mine = useMyRooms(true);
  const choices = (mine.data ?? []).filter(
    (room) => !attached.includes(room.uuid) && mayI(me, 'room.settings.edit', { room }),
  );
  const [picked, setPicked] = useState('');
  const roomUuid = choices.some((r) => r.uuid === picked) ? picked : (choices[0]?.uuid ?? '');
  const attach = useSubmit(useAttachRoomMutation(guildId), () => roomUuid);
  if (choices.length === 0) return null;
  return (
    <form
      className="activity-attach"
      onSubmit={(e) => void attach.submit(e)}
      data-testid="activity-attach"
    >
      <div className="field">
        <label htmlFor="activity-attach-room">{t('discord.attachLabel')}</label>
        <select
          id="activity-attach-room"
          value={roomUuid}
          onChange={(e) => {
            attach.reset();
            setPicked(e.target.value);
          }}
        >
          {choices.map((room) => (
            <option key={room.uuid} value={room.uuid}>
              {room.name}
            </option>
          ))}
        </select>
      </div>
      <SubmitButton
        phase={attach.phase}
        idle={t('discord.attach')}
        submitting={t('discord.attaching')}
        className="btn btn-ghost btn-sm"
        testId="activity-attach-submit"
      />
      <Alert>{attach.error}</Alert>
    </form>
  );
}
