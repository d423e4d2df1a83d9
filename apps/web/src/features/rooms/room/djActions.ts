import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { SOCKET_ACTIONS, type ClientRoomState, type MinimalSongDto } from '@tt/protocol';
import { roomAction } from '../../../lib/socket/session';
import { isDj } from '../../../entities/room/model';
import { useRoomRunner, type Me } from '../../../entities/room/hooks';

/** The song picked before taking a seat (sent with addDj). */
export const useDjDraft = create<{
  song: MinimalSongDto | null;
  pick: (song: MinimalSongDto | null) => void;
}>()((set) => ({ song: null, pick: (song) => set({ song }) }));

/** Why I cannot take a seat right now (a translation key), or null when I can. */
export function seatBlocker(state: ClientRoomState, me: Me): string | null {
  if (me.isGuest || !me.uuid) return 'room.dj.guest';
  if (isDj(state, me.uuid)) return null;
  const self = state.allUsers.find((u) => u.uuid === me.uuid);
  if (self && !self.canDj) return 'room.dj.cannot';
  if (state.djs.length >= Math.max(1, state.settings.numberOfDjs)) return 'room.dj.full';
  return null;
}

/** Take a seat (with the picked song), leave it, or change the next song. */
export function useDjActions() {
  const { t } = useTranslation();
  const run = useRoomRunner();
  return {
    takeSeat: () =>
      run(async () => {
        const song = useDjDraft.getState().song;
        await roomAction(SOCKET_ACTIONS.addDj, song ? { song } : {});
        useDjDraft.getState().pick(null);
      }, t('room.dj.tookSeat')),
    leaveSeat: () => run(() => roomAction(SOCKET_ACTIONS.removeDj), t('room.dj.leftSeat')),
    setNextSong: (song: MinimalSongDto) =>
      run(() => roomAction(SOCKET_ACTIONS.updateNextSong, { song }), t('room.dj.nextSet')),
  };
}
