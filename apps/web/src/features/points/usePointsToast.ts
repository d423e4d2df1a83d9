import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsEndpoints as p } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useRoomToast } from '../../entities/room/hooks';

/** After my song ends the points arrive within seconds (they are credited in the background). */
const LOOKS_MS = [1500, 4000, 9000];

const myBalance = async () => (await api.call(p.currentMine, {})).status?.balance ?? 0;

/**
 * A toast when my song earned me points (PTS-DJ-1): the balance is read when my song starts and
 * again a few times after it ends; a rise shows as "+N points".
 */
export function usePointsToast(
  playingDj: string | null,
  startTime: number | null,
  me: string | null,
) {
  const { t } = useTranslation();
  const mine = useRef<{ start: number; before: Promise<number> } | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  useEffect(() => {
    const ended = mine.current;
    const mineNow = me !== null && playingDj === me && startTime !== null;
    if (ended && mineNow && ended.start === startTime) return; // still my song
    mine.current = mineNow ? { start: startTime, before: myBalance().catch(() => -1) } : null;
    if (!ended) return;
    // My song ended (another one plays, or none): look for the points it earned.
    let found = false;
    void ended.before.then((before) => {
      if (before < 0) return;
      for (const ms of LOOKS_MS) {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          if (found) return;
          void myBalance().then((after) => {
            if (found || after <= before) return;
            found = true;
            useRoomToast.getState().show(t('points.earned', { count: after - before }), 'info');
            void queryClient.invalidateQueries({ queryKey: ['points'] });
          });
        }, ms);
        timers.current.add(timer);
      }
    });
  }, [playingDj, startTime, me, t]);
}
