import type { ClientRoomState } from '@tt/protocol';
import { playingDjUuid } from '../../../entities/room/model';
import type { Me } from '../../../entities/room/hooks';
import { mayI } from '../../../entities/session/access';

/**
 * VOTE-PLAY-4/5: whether the dislike button shows, and whether its count means something to me
 * (with private dislikes only the DJ playing and those who may read them get the real count).
 */
export function dislikeView(state: ClientRoomState, me: Me): { shown: boolean; counted: boolean } {
  const mode = state.settings.dislikes ?? 'on';
  if (mode === 'off') return { shown: false, counted: false };
  if (mode === 'on') return { shown: true, counted: true };
  const counted =
    (me.uuid !== null && playingDjUuid(state) === me.uuid) ||
    mayI(me, 'room.dislikes.read', { room: state.settings });
  return { shown: true, counted };
}
