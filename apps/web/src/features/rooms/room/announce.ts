import type { TFunction } from 'i18next';
import type { ClientRoomState } from '@tt/protocol';
import { nicknameOf } from '../../../entities/room/model';
import type { Me } from '../../../entities/room/hooks';
import type { ChatItem } from '../../chat/model';
import { browserStorage } from '../../../lib/player/prefs';
import { dislikeView } from './dislikes';

/**
 * What the room's live region says (A11Y-4) and how chatty it is (A11Y-5). Pure functions, so the
 * component only keeps the previous state and a timer.
 */
export type AnnounceLevel = 'off' | 'important' | 'everything';
export const ANNOUNCE_LEVELS: readonly AnnounceLevel[] = ['off', 'important', 'everything'];
export type AnnouncementKind = 'song' | 'dj' | 'votes' | 'chat';

/** A11Y-5: kept per device with the app's other local preferences. */
export const ANNOUNCE_STORAGE_KEY = 'tt.a11y.announce';
/** A11Y-4: vote totals are said at most this often (the latest totals). */
export const VOTE_ANNOUNCE_MS = 10_000;

export function readAnnounceLevel(): AnnounceLevel {
  const v = browserStorage().getItem(ANNOUNCE_STORAGE_KEY);
  return ANNOUNCE_LEVELS.includes(v as AnnounceLevel) ? (v as AnnounceLevel) : 'important';
}

export function writeAnnounceLevel(level: AnnounceLevel): void {
  browserStorage().setItem(ANNOUNCE_STORAGE_KEY, level);
}

/** A11Y-5: off says nothing; important, the song and the DJs; everything, votes and chat too. */
export function shouldAnnounce(kind: AnnouncementKind, level: AnnounceLevel): boolean {
  if (level === 'off') return false;
  if (level === 'everything') return true;
  return kind === 'song' || kind === 'dj';
}

export interface Announcement {
  kind: AnnouncementKind;
  text: string;
}

/** The sentence for the song playing now (title, artist, DJ), or null when nothing plays. */
export function nowPlayingText(state: ClientRoomState, t: TFunction): string | null {
  const np = state.nowPlaying;
  if (!np) return null;
  const dj = state.djs[0];
  return t('announce.nowPlaying', {
    track: np.song.trackName,
    artist: np.song.artistName,
    dj: nicknameOf(dj ? state.allUserData[dj.uuid] : undefined, t('room.someone')),
  });
}

/** The vote totals as a sentence; dislikes only for those who may see them (VOTE-PLAY-4/5). */
export function votesText(state: ClientRoomState, me: Me, t: TFunction): string {
  const v = state.voteCounts;
  const likes = t('announce.likes', { count: v.likes });
  const stars = t('announce.stars', { count: v.stars });
  return dislikeView(state, me).counted
    ? t('announce.votesWithDislikes', {
        likes,
        stars,
        dislikes: t('announce.dislikes', { count: v.dislikes }),
      })
    : t('announce.votes', { likes, stars });
}

/**
 * A11Y-4: what changed from `before` to `now` that is worth saying: a new song (a new play: its
 * start time changed), DJs stepping up or down, and whether the vote totals of the same play
 * changed (said separately, throttled by the caller).
 */
export function stateChanges(
  before: ClientRoomState,
  now: ClientRoomState,
  t: TFunction,
): { said: Announcement[]; votesChanged: boolean } {
  const said: Announcement[] = [];
  const name = (uuid: string) =>
    nicknameOf(now.allUserData[uuid] ?? before.allUserData[uuid], t('room.someone'));
  const djsBefore = new Set(before.djs.map((d) => d.uuid));
  const djsNow = new Set(now.djs.map((d) => d.uuid));
  for (const d of djsNow) {
    if (!djsBefore.has(d)) said.push({ kind: 'dj', text: t('announce.djUp', { name: name(d) }) });
  }
  for (const d of djsBefore) {
    if (!djsNow.has(d)) said.push({ kind: 'dj', text: t('announce.djDown', { name: name(d) }) });
  }
  const samePlay = before.nowPlaying?.startTime === now.nowPlaying?.startTime;
  if (!samePlay) {
    const text = nowPlayingText(now, t);
    if (text) said.push({ kind: 'song', text });
  }
  const a = before.voteCounts;
  const b = now.voteCounts;
  const votesChanged =
    samePlay &&
    now.nowPlaying !== null &&
    (a.likes !== b.likes || a.dislikes !== b.dislikes || a.stars !== b.stars);
  return { said, votesChanged };
}

/**
 * A11Y-4: the chat messages to say: others' messages newer than the newest one seen before (an
 * older page loaded on scrolling up is not news), not deleted, not the local system lines.
 */
export function newChatAnnouncements(
  seenNewest: number,
  seen: ReadonlySet<string>,
  items: readonly ChatItem[],
  meUuid: string | null,
  t: TFunction,
): Announcement[] {
  return items
    .filter(
      (m) =>
        !seen.has(m.uuid) &&
        m.sentAtMs >= seenNewest &&
        m.type === 'user' &&
        !m.deleted &&
        m.sender !== meUuid,
    )
    .map((m) => ({
      kind: 'chat' as const,
      text: t('announce.chat', {
        name: m.userName || t('room.someone'),
        text: m.text || (m.gif ? t('announce.gif') : t('announce.attachment')),
      }),
    }));
}
