import { useTranslation } from 'react-i18next';
import { EVENT_MAX_LINEUP, type RoomUserRole } from '@tt/protocol';
import { useProfiles } from '../friends/queries';
import { useOwnProfile } from '../../entities/user/queries';
import { useRoom } from '../../entities/room/queries';

const BILLED: readonly RoomUserRole[] = ['owner', 'coOwner', 'moderator', 'dj'];

/**
 * EVT-LINEUP-1: who is billed, picked among you and the room's owner, co-owners, moderators and
 * DJs, in the order ticked (at most ten).
 */
export function LineupField({
  roomSlug,
  value,
  onChange,
}: {
  roomSlug: string;
  value: string[];
  onChange: (lineup: string[]) => void;
}) {
  const { t } = useTranslation();
  const { data: me } = useOwnProfile();
  const { data: room } = useRoom(roomSlug);
  const candidates = [
    ...new Set([
      ...(me ? [me.uuid] : []),
      ...(room?.roomRoles ?? []).filter((r) => BILLED.includes(r.role)).map((r) => r.userUuid),
      ...value,
    ]),
  ];
  const profiles = useProfiles(candidates);
  const toggle = (uuid: string, on: boolean) =>
    onChange(on ? [...value, uuid].slice(0, EVENT_MAX_LINEUP) : value.filter((u) => u !== uuid));
  if (candidates.length === 0) return null;
  return (
    <fieldset className="event-lineup-field" data-testid="event-form-lineup">
      <legend>{t('events.lineup')}</legend>
      <p className="field-hint">{t('events.lineupHint')}</p>
      {candidates.map((uuid) => {
        const on = value.includes(uuid);
        return (
          <label key={uuid} className="check">
            <input type="checkbox" checked={on} onChange={(e) => toggle(uuid, e.target.checked)} />
            <span>
              {profiles.data?.get(uuid)?.nickname ?? '…'}
              {on ? <span className="muted"> · #{value.indexOf(uuid) + 1}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
