import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import type { Me } from '../../../entities/room/hooks';
import { targetKey } from '../../chat/model';
import { conversationOf, useChatStore } from '../../chat/store';
import {
  ANNOUNCE_LEVELS,
  VOTE_ANNOUNCE_MS,
  newChatAnnouncements,
  nowPlayingText,
  readAnnounceLevel,
  shouldAnnounce,
  stateChanges,
  votesText,
  writeAnnounceLevel,
  type AnnounceLevel,
  type Announcement,
} from './announce';

const KEPT = 5;

/**
 * A11Y-4/5: the room's polite live region (visually hidden) and the setting for how chatty it is.
 * The latest few sentences stay in the region, each in its own paragraph, so a screen reader says
 * each one as it is added; nothing here takes focus (A11Y-6).
 */
export function RoomAnnouncer({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<AnnounceLevel>(readAnnounceLevel);
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const nextId = useRef(0);
  const levelRef = useRef(level);

  const say = useCallback((list: Announcement[]) => {
    const keep = list.filter((a) => shouldAnnounce(a.kind, levelRef.current));
    if (keep.length === 0) return;
    setLines((l) =>
      [...l, ...keep.map((a) => ({ id: nextId.current++, text: a.text }))].slice(-KEPT),
    );
  }, []);

  useRoomStateAnnouncements(state, me, say);
  useChatAnnouncements(state.settings.uuid, me.uuid, say);

  return (
    <>
      <label className="room-announce-setting">
        <span>{t('announce.setting')}</span>
        <select
          value={level}
          data-testid="announce-level"
          onChange={(e) => {
            const v = e.target.value as AnnounceLevel;
            setLevel(v);
            levelRef.current = v;
            writeAnnounceLevel(v);
          }}
        >
          {ANNOUNCE_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`announce.level.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="sr-only" role="status" aria-live="polite" data-testid="room-announcer">
        {lines.map((l) => (
          <p key={l.id}>{l.text}</p>
        ))}
      </div>
    </>
  );
}

/** Song, DJ and (throttled) vote changes of the room state. */
function useRoomStateAnnouncements(
  state: ClientRoomState,
  me: Me,
  say: (a: Announcement[]) => void,
) {
  const { t } = useTranslation();
  const prev = useRef<ClientRoomState | null>(null);
  const lastVotesAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ state, me, t });
  useEffect(() => {
    latest.current = { state, me, t };
  }, [state, me, t]);

  useEffect(() => {
    const before = prev.current;
    prev.current = state;
    if (!before) {
      // On entering: only the song playing.
      const text = nowPlayingText(state, t);
      if (text) say([{ kind: 'song', text }]);
      return;
    }
    const { said, votesChanged } = stateChanges(before, state, t);
    if (said.some((a) => a.kind === 'song') && timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    say(said);
    if (!votesChanged || timer.current) return;
    const sayVotes = () => {
      timer.current = null;
      lastVotesAt.current = Date.now();
      const c = latest.current;
      say([{ kind: 'votes', text: votesText(c.state, c.me, c.t) }]);
    };
    const wait = lastVotesAt.current + VOTE_ANNOUNCE_MS - Date.now();
    if (wait <= 0) sayVotes();
    else timer.current = setTimeout(sayVotes, wait);
  }, [state, t, say]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

/** Others' new messages in the room's chat. */
function useChatAnnouncements(
  roomUuid: string,
  meUuid: string | null,
  say: (a: Announcement[]) => void,
) {
  const { t } = useTranslation();
  const conversation = useChatStore(conversationOf(targetKey({ kind: 'group', guid: roomUuid })));
  const seen = useRef<Set<string>>(new Set());
  const wasLoaded = useRef<boolean | null>(null);
  const newest = useRef(0);
  useEffect(() => {
    const items = conversation.items;
    // Only what arrives after the history was there (the page loaded with it is not news).
    if (wasLoaded.current)
      say(newChatAnnouncements(newest.current, seen.current, items, meUuid, t));
    wasLoaded.current = conversation.loaded;
    seen.current = new Set(items.map((m) => m.uuid));
    for (const m of items) newest.current = Math.max(newest.current, m.sentAtMs);
  }, [conversation, meUuid, t, say]);
}
