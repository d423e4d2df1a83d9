import { useEffect } from 'react';
import type { RoomStatus } from '@tt/room-client';
import { checkSession } from '../../../entities/session/session';

/**
 * SEC-SESSION-3: when the server ends the room for this person, the session is asked at once, so
 * a ban is told with its end. Both ways count: a removal from the room (`kicked`), and the socket
 * closed for good (`closed`), which is what the person sees when their chat sockets were ended
 * first or the ban came while the socket was rejoining, with no room to be removed from.
 */
export function useSessionCheckWhenEnded(status: RoomStatus, check: () => void = checkSession) {
  useEffect(() => {
    if (status === 'kicked' || status === 'closed') check();
  }, [status, check]);
}
