import { useCallback, useEffect, useRef, useState } from 'react';
import { ERRORS, type RoomDto } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { useDjRotation } from '../dj/useDjRotation';
import { useJoinRoomMutation } from './queries';
import { roomSession, roomStore, useRoomStore } from './session';

export type Gate =
  | { kind: 'joining' }
  | { kind: 'entered' }
  | { kind: 'error'; message: string }
  | {
      kind: 'password';
      /** The server's words about the last password (wrong, too many tries), or null. */
      message: string | null;
      /** A password is being checked. */
      busy: boolean;
      /** Asks to join again with this password. */
      submit: (password: string) => void;
    };

type Held =
  Exclude<Gate, { kind: 'password' }> | { kind: 'password'; message: string | null; busy: boolean };

/** The refusals that ask for a (right) password, on the REST join and on the socket's joinRoom. */
const PASSWORD_CODES: readonly string[] = [
  'ROOM_PASSWORD_REQUIRED',
  'ROOM_PASSWORD_INCORRECT',
  'ROOM_PASSWORD_ATTEMPTS',
];
const PASSWORD_MESSAGES: readonly string[] = PASSWORD_CODES.map(
  (code) => ERRORS[code as keyof typeof ERRORS].message,
);

function passwordCodeOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const code = (err.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PASSWORD_CODES.includes(code) ? code : null;
}

/**
 * Asks the room service to join (POST /rooms/{slug}/join), then enters the room's socket through
 * the room session, once per room and token (a new token leaves and enters again). The user stays
 * in the room while looking around the app, until they leave or open another room.
 *
 * A password room: the REST join lets a missing password pass and the socket's joinRoom refuses
 * it (SEC-ROOM-PRIV-1), as it refuses a wrong one; either refusal turns the gate into a password
 * prompt. Its `submit` joins again with the password (REST join, then the socket); a wrong one
 * comes back with the server's message (SEC-ROOMPW-1: too many tries are refused too).
 *
 * While the room screen is open, my crate plays when I am in its booth (useDjRotation).
 */
export function useEnterRoom(room: RoomDto | undefined, token: string | null): Gate {
  const [gate, setGate] = useState<Held>({ kind: 'joining' });
  const attempt = useRef<string | null>(null);
  const given = useRef<string | undefined>(undefined);
  const { mutateAsync: askToJoin } = useJoinRoomMutation();
  const status = useRoomStore((s) => s.status);
  const socketCode = useRoomStore((s) => s.errorCode);
  const socketError = useRoomStore((s) => s.error);
  useDjRotation();

  const join = useCallback(
    async (target: RoomDto, password?: string) => {
      given.current = password;
      setGate(password ? { kind: 'password', message: null, busy: true } : { kind: 'joining' });
      try {
        await askToJoin({ slug: target.slug, password });
        roomSession.enterRoom({
          slug: target.slug,
          roomUuid: target.uuid,
          ...(password ? { password } : {}),
        });
        setGate({ kind: 'entered' });
      } catch (err) {
        const code = passwordCodeOf(err);
        if (code) {
          const quiet = code === 'ROOM_PASSWORD_REQUIRED' && !password;
          setGate({
            kind: 'password',
            message: quiet ? null : (err as ApiError).displayText,
            busy: false,
          });
        } else {
          setGate({
            kind: 'error',
            message: err instanceof ApiError ? err.displayText : String(err),
          });
        }
      }
    },
    [askToJoin],
  );

  useEffect(() => {
    if (!room || !token) return;
    const key = `${room.uuid}:${token}`;
    if (attempt.current === key) return;
    // Signing in or out changes who is in the room: leave, then enter again as the new person.
    const tokenChanged = attempt.current !== null && attempt.current.startsWith(`${room.uuid}:`);
    attempt.current = key;
    if (tokenChanged) roomSession.leaveRoom();
    const { status: now } = roomStore.getState();
    if (
      roomSession.activeRoomUuid() === room.uuid &&
      !['failed', 'kicked', 'closed'].includes(now)
    ) {
      setGate({ kind: 'entered' });
      return;
    }
    void join(room);
  }, [room, token, join]);

  const submit = useCallback(
    (password: string) => {
      if (room && password) void join(room, password);
    },
    [room, join],
  );

  // The socket refused: no password given, or a wrong one (its message, or its code).
  const socketWantsPassword =
    status === 'failed' &&
    ((socketCode !== null && PASSWORD_CODES.includes(socketCode)) ||
      (socketError !== null && PASSWORD_MESSAGES.includes(socketError)));
  if (gate.kind === 'entered' && socketWantsPassword) {
    const quiet = !given.current && socketCode !== 'ROOM_PASSWORD_INCORRECT';
    return { kind: 'password', message: quiet ? null : socketError, busy: false, submit };
  }
  if (gate.kind === 'password') return { ...gate, submit };
  return gate;
}
