import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { ActionError } from '@tt/room-client';
import { useErrorText, useSocketErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';

/** Who I am in the room: the uuid, roles and type carried by my token (user or guest). */
export interface Me {
  uuid: string | null;
  roles: string[];
  isGuest: boolean;
}

export function decodeToken(token: string | null): Me {
  if (!token) return { uuid: null, roles: [], isGuest: true };
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const p = JSON.parse(json) as { uuid?: string; sub?: string; roles?: unknown; type?: string };
    const roles = Array.isArray(p.roles) ? p.roles.map(String) : [];
    return {
      uuid: p.uuid ?? p.sub ?? null,
      roles,
      isGuest: p.type === 'guest' || (roles.length === 1 && roles[0] === 'guest'),
    };
  } catch {
    return { uuid: null, roles: [], isGuest: true };
  }
}

export function useMe(): Me {
  const token = useSession((s) => s.accessToken ?? s.guestToken);
  return useMemo(() => decodeToken(token), [token]);
}

/** Date.now(), refreshed every `ms` while mounted. */
export function useNow(ms = 500): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** A short message over the room (an action the server refused, a moderation done). */
interface ToastState {
  message: string | null;
  kind: 'error' | 'info';
  id: number;
  show: (message: string, kind?: 'error' | 'info') => void;
  clear: () => void;
}

export const useRoomToast = create<ToastState>()((set) => ({
  message: null,
  kind: 'info',
  id: 0,
  show: (message, kind = 'error') => set((s) => ({ message, kind, id: s.id + 1 })),
  clear: () => set({ message: null }),
}));

/** Runs a room action; a refusal shows as a toast (socket errors carry the server's words). */
export function useRoomRunner() {
  const toText = useErrorText();
  const socketText = useSocketErrorText();
  const { t } = useTranslation();
  return useCallback(
    async <T>(work: () => Promise<T>, done?: string): Promise<T | undefined> => {
      try {
        const result = await work();
        if (done) useRoomToast.getState().show(done, 'info');
        return result;
      } catch (err) {
        const text =
          err instanceof ActionError
            ? err.disconnected
              ? t('room.notConnected')
              : socketText(err.message, err.code)
            : toText(err);
        useRoomToast.getState().show(text, 'error');
        return undefined;
      }
    },
    [toText, socketText, t],
  );
}
