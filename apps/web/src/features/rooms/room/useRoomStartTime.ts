import { useEffect, useRef } from 'react';
import { sendRoomStartTime } from '../../../lib/analytics/appEvents';
import { activeRoomUuid } from '../../../lib/socket/session';
import { useRoomStore } from '../../../lib/socket/store';

/**
 * ANALYTICS-WEB-1: once per room page, roomStartTime with the time from the page opening to the
 * room being live (the socket joined this room). A room already live when the page opens counts 0.
 */
export function useRoomStartTime(room: { slug: string; uuid: string } | undefined): void {
  const opened = useRef(Date.now());
  const sent = useRef<string | null>(null);
  const slug = room?.slug;
  const uuid = room?.uuid;
  useEffect(() => {
    if (!slug || !uuid) return;
    const check = (status: string) => {
      if (sent.current === uuid || status !== 'joined' || activeRoomUuid() !== uuid) return;
      sent.current = uuid;
      sendRoomStartTime(slug, Date.now() - opened.current);
    };
    check(useRoomStore.getState().status);
    return useRoomStore.subscribe((s) => check(s.status));
  }, [slug, uuid]);
}
