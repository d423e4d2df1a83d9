import { useSession } from '../../lib/session';
import { useRoomStore } from '../room/session';
import { useActiveCrate } from './active-crate';
import { useCrateSongs } from './queries';
import { useCrateRotation } from './rotation';

/**
 * My crate plays while I am in the booth of the room I am in (useCrateRotation), whichever part
 * of the room screen shows: the room screen runs this for as long as it is open (through
 * useEnterRoom), not the stage, which is not drawn while the chat or the people list shows.
 */
export function useDjRotation(): void {
  const session = useSession();
  const me = session.kind === 'user' ? session.uuid : null;
  const state = useRoomStore((s) => s.state);
  const crate = useActiveCrate();
  const songs = useCrateSongs(crate, me !== null);
  useCrateRotation(state, me, crate, songs.data?.songs ?? null, songs.data?.total ?? 0);
}
