import { useEffect, useRef, useState } from 'react';
import type { RoomDto } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { useJoinRoomMutation } from './queries';
import { roomSession, roomStore } from './session';

export type Gate = { kind: 'joining' } | { kind: 'entered' } | { kind: 'error'; message: string };

/**
 * Asks the room service to join (POST /rooms/{slug}/join), then enters the room's socket through
 * the room session, once per room and token (a new token leaves and enters again). The user stays in the room while looking around the
 * app, until they leave or open another room.
 */
export function useEnterRoom(room: RoomDto | undefined, token: string | null): Gate {
  const [gate, setGate] = useState<Gate>({ kind: 'joining' });
  const attempt = useRef<string | null>(null);
  const { mutateAsync: askToJoin } = useJoinRoomMutation();
  useEffect(() => {
    if (!room || !token) return;
    const key = `${room.uuid}:${token}`;
    if (attempt.current === key) return;
    // Signing in or out changes who is in the room: leave, then enter again as the new person.
    const tokenChanged = attempt.current !== null && attempt.current.startsWith(`${room.uuid}:`);
    attempt.current = key;
    if (tokenChanged) roomSession.leaveRoom();
    const { status } = roomStore.getState();
    if (
      roomSession.activeRoomUuid() === room.uuid &&
      !['failed', 'kicked', 'closed'].includes(status)
    ) {
      setGate({ kind: 'entered' });
      return;
    }
    setGate({ kind: 'joining' });
    askToJoin({ slug: room.slug })
      .then(() => {
        roomSession.enterRoom({ slug: room.slug, roomUuid: room.uuid });
        setGate({ kind: 'entered' });
      })
      .catch((err: unknown) =>
        setGate({
          kind: 'error',
          message: err instanceof ApiError ? err.displayText : String(err),
        }),
      );
  }, [room, token, askToJoin]);
  return gate;
}
