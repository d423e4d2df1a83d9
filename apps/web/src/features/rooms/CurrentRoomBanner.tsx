import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dismissRoomError, leaveRoom, readCurrentRoom } from '../../lib/socket/session';
import { useRoomStore } from '../../lib/socket/store';

/**
 * The room the user is in (or was in, per the stored room record): a way back, a way out, and
 * the reason when a moderator removed them.
 */
export function CurrentRoomBanner() {
  const { t } = useTranslation();
  const status = useRoomStore((s) => s.status);
  const slug = useRoomStore((s) => s.slug);
  const name = useRoomStore((s) => s.state?.settings.name);
  const [record, setRecord] = useState(readCurrentRoom);

  if (slug && status !== 'idle' && status !== 'kicked' && status !== 'failed') {
    return (
      <div className="current-room" data-testid="current-room">
        <span className="live-dot" aria-hidden="true" />
        <span>{t('rooms.youAreIn', { name: name ?? slug })}</span>
        <Link className="btn btn-primary btn-sm" to={`/rooms/${slug}`}>
          {t('rooms.backToRoom')}
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => leaveRoom()}>
          {t('room.leaveRoom')}
        </button>
      </div>
    );
  }
  if (!record) return null;
  if (record.error !== null && record.error !== undefined) {
    return (
      <div className="current-room current-room-kicked" role="status">
        <span>
          {t('rooms.removedFrom', { slug: record.slug })}
          {record.error ? ` ${t('room.kickReason', { reason: record.error })}` : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            dismissRoomError();
            setRecord(null);
          }}
        >
          {t('rooms.dismiss')}
        </button>
      </div>
    );
  }
  return (
    <div className="current-room">
      <span>{t('rooms.lastRoom', { slug: record.slug })}</span>
      <Link className="btn btn-primary btn-sm" to={`/rooms/${record.slug}`}>
        {t('rooms.rejoin')}
      </Link>
    </div>
  );
}
