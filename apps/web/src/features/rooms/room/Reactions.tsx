import { SOCKET_ACTIONS } from '@tt/protocol';
import { useTranslation } from 'react-i18next';
import { roomAction } from '../../../lib/socket/session';
import { useRoomRunner, type Me } from '../../../entities/room/hooks';

export const ROOM_EMOJI = ['🔥', '🙌', '😍', '💃', '🎉', '👏', '🤘', '💯'] as const;

/** One-time animations: an emoji over my avatar, or a jump. Everyone in the room sees them. */
export function Reactions({ me }: { me: Me }) {
  const { t } = useTranslation();
  const run = useRoomRunner();
  const disabled = me.isGuest;
  return (
    <section className="reactions" aria-label={t('room.reactions.label')}>
      <div className="emoji-row" role="group" aria-label={t('room.reactions.emoji')}>
        {ROOM_EMOJI.map((emoji) => (
          <button
            key={emoji}
            type="button"
            className="emoji-btn"
            disabled={disabled}
            aria-label={t('room.reactions.send', { emoji })}
            onClick={() =>
              void run(() =>
                roomAction(SOCKET_ACTIONS.playOneTimeAnimation, { animation: 'emoji', emoji }),
              )
            }
          >
            {emoji}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm jump-btn"
        disabled={disabled}
        onClick={() =>
          void run(() => roomAction(SOCKET_ACTIONS.playOneTimeAnimation, { animation: 'jump' }))
        }
        data-testid="jump"
      >
        <span aria-hidden="true">⤒</span> {t('room.reactions.jump')}
      </button>
      {disabled ? <p className="muted vote-why">{t('room.reactions.guest')}</p> : null}
    </section>
  );
}
