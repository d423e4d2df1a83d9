import { useTranslation } from 'react-i18next';
import type { ClientUserData } from '@tt/protocol';
import { useRoomStore } from '../../../lib/socket/store';
import { Avatar } from '../../../entities/avatar/Avatar';
import { Figure } from '../../../entities/avatar/Figure';
import { useAvatarArt } from '../../../entities/avatar/queries';
import { nicknameOf, pictureOf } from '../../../entities/room/model';

/**
 * A person in the room: their avatar character (AVATAR-ART-1) — or, without one, their picture or
 * initials — their name, the one-time animation they just played (an emoji bubble, or a jump), and
 * a dance while they like the song.
 * A button: it opens the person's card (and the moderator menu for moderators).
 */
export function RoomAvatar({
  uuid,
  data,
  size,
  onOpen,
  liking = false,
  disliking = false,
  label,
  className = '',
  showName = true,
}: {
  uuid: string;
  data: ClientUserData | undefined;
  size: number;
  onOpen: (uuid: string) => void;
  liking?: boolean;
  disliking?: boolean;
  /** Extra words for screen readers (e.g. "playing now"). */
  label?: string;
  className?: string;
  showName?: boolean;
}) {
  const { t } = useTranslation();
  const anim = useRoomStore((s) => s.animations[uuid]);
  const name = nicknameOf(data, t('room.someone'));
  const color = data?.userProfile.color ?? null;
  const art = useAvatarArt(data?.userProfile.avatarId);
  const classes = [
    'room-avatar',
    art ? 'has-figure' : '',
    liking ? 'is-liking' : '',
    disliking ? 'is-disliking' : '',
    anim?.animation === 'jump' ? 'is-jumping' : '',
    className,
  ].join(' ');
  return (
    <button
      type="button"
      className={classes}
      onClick={() => onOpen(uuid)}
      aria-label={label ? `${name}, ${label}` : name}
      data-testid={`avatar-${uuid}`}
      data-user={name}
      data-avatar={art ? data?.userProfile.avatarId : undefined}
    >
      <span className="room-avatar-body" key={anim?.animation === 'jump' ? anim.id : 0}>
        {art ? (
          <Figure art={art} size={Math.round(size * 1.5)} dancing={liking} />
        ) : (
          <Avatar name={name} picture={pictureOf(data)} color={color} size={size} />
        )}
      </span>
      {showName ? <span className="room-avatar-name">{name}</span> : null}
      {anim?.animation === 'emoji' && anim.emoji ? (
        <span className="emoji-bubble" key={anim.id} aria-hidden="true" data-testid="emoji-bubble">
          {anim.emoji}
        </span>
      ) : null}
    </button>
  );
}
