import { useEffect, useRef } from 'react';
import { AccessibilityInfo } from 'react-native';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import { toChatItem } from '../chat/model';
import { useChatEvents } from '../chat/socket';
import { useAnnounceLevel, type AnnounceLevel } from '../settings/announce-level';
import '../settings/announce-i18n';

/** A11Y-PHONE-4: vote totals are said at most this often (then the latest totals). */
export const VOTE_ANNOUNCE_MS = 10_000;

type Kind = 'song' | 'dj' | 'votes' | 'chat';

/** A11Y-PHONE-3: off says nothing; important, the song and the DJs; everything, all of it. */
export function shouldAnnounce(kind: Kind, level: AnnounceLevel): boolean {
  if (level === 'off') return false;
  return level === 'everything' || kind === 'song' || kind === 'dj';
}

function nameOf(state: ClientRoomState, uuid: string | undefined, t: TFunction): string {
  return (uuid && state.allUserData[uuid]?.userProfile?.nickname) || t('announce.someone');
}

function nowPlayingText(state: ClientRoomState, t: TFunction): string | null {
  const np = state.nowPlaying;
  if (!np) return null;
  return t('announce.nowPlaying', {
    track: np.song.trackName,
    artist: np.song.artistName,
    dj: nameOf(state, state.djs[0]?.uuid, t),
  });
}

/** The totals; dislikes only where everyone sees them (VOTE-PLAY-4/5). */
function votesText(state: ClientRoomState, t: TFunction): string {
  const v = state.voteCounts;
  const likes = t('announce.likes', { count: v.likes });
  const stars = t('announce.stars', { count: v.stars });
  return (state.settings.dislikes ?? 'on') === 'on'
    ? t('announce.votesWithDislikes', {
        likes,
        stars,
        dislikes: t('announce.dislikes', { count: v.dislikes }),
      })
    : t('announce.votes', { likes, stars });
}

/**
 * A11Y-PHONE-4: tells the screen reader (AccessibilityInfo.announceForAccessibility) the song now
 * playing (also the one found on entering), DJs stepping up or down, and with "everything" the
 * vote totals (at most once every 10 s, the latest) and others' new chat messages of this room.
 */
export function useAnnouncements(state: ClientRoomState, me: string | null): void {
  const { t } = useTranslation();
  const level = useAnnounceLevel();
  const before = useRef<ClientRoomState | null>(null);
  const lastVotes = useRef(0);
  const pendingVotes = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const say = (kind: Kind, text: string) => {
    if (shouldAnnounce(kind, level)) AccessibilityInfo.announceForAccessibility(text);
  };

  useEffect(() => {
    const prev = before.current;
    before.current = state;
    if (!prev) {
      const text = nowPlayingText(state, t);
      if (text) say('song', text);
      return;
    }
    const djsBefore = new Set(prev.djs.map((d) => d.uuid));
    const djsNow = new Set(state.djs.map((d) => d.uuid));
    for (const d of djsNow)
      if (!djsBefore.has(d)) say('dj', t('announce.djUp', { name: nameOf(state, d, t) }));
    for (const d of djsBefore) {
      if (!djsNow.has(d)) say('dj', t('announce.djDown', { name: nameOf(prev, d, t) }));
    }
    const samePlay = prev.nowPlaying?.startTime === state.nowPlaying?.startTime;
    if (!samePlay) {
      const text = nowPlayingText(state, t);
      if (text) say('song', text);
      return;
    }
    const a = prev.voteCounts;
    const b = state.voteCounts;
    const changed = a.likes !== b.likes || a.dislikes !== b.dislikes || a.stars !== b.stars;
    if (!changed || !state.nowPlaying || !shouldAnnounce('votes', level)) return;
    if (pendingVotes.current) return; // the timer says the latest totals
    const wait = lastVotes.current + VOTE_ANNOUNCE_MS - Date.now();
    const sayVotes = () => {
      pendingVotes.current = null;
      lastVotes.current = Date.now();
      say('votes', votesText(latest.current, t));
    };
    if (wait <= 0) sayVotes();
    else pendingVotes.current = setTimeout(sayVotes, wait);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  useEffect(
    () => () => {
      if (pendingVotes.current) clearTimeout(pendingVotes.current);
    },
    [],
  );

  const guid = state.settings.uuid;
  useChatEvents((e) => {
    if (e.type !== 'message' || !shouldAnnounce('chat', level)) return;
    const m = e.message;
    if (m.receiverType !== 'group' || m.receiver.toLowerCase() !== guid.toLowerCase()) return;
    const item = toChatItem(m);
    if (item.type !== 'user' || item.deleted || item.sender === me) return;
    const text = item.text || (item.gif ? t('announce.gif') : t('announce.attachment'));
    say('chat', t('announce.chat', { name: item.userName || t('announce.someone'), text }));
  });
}
