import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRoomStore } from '../../lib/socket/store';
import '../../styles/rooms.css';
import '../../styles/rooms-stage.css';
import '../../styles/rooms-panels.css';
import '../../styles/rooms-side.css';
import '../../styles/rooms-scenery.css';
import '../../styles/rooms-form.css';

/** In the header while the user is in a room and looking elsewhere: the way back to it. */
export function InRoomPill() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const slug = useRoomStore((s) => s.slug);
  const status = useRoomStore((s) => s.status);
  const name = useRoomStore((s) => s.state?.settings.name);
  if (!slug || status === 'idle' || status === 'kicked' || status === 'failed') return null;
  if (pathname.toLowerCase() === `/rooms/${slug}`) return null;
  return (
    <Link
      className="in-room-pill"
      to={`/rooms/${slug}`}
      aria-label={t('rooms.backToNamed', { name: name ?? slug })}
      data-testid="in-room-pill"
    >
      <span className="live-dot" aria-hidden="true" />
      <span className="in-room-name">{name ?? slug}</span>
    </Link>
  );
}
