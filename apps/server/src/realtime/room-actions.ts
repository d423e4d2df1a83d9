import type {
  MinimalSongDto,
  OneTimeAnimation,
  Permission,
  SongVotes,
  TokenRole,
} from '@tt/protocol';
import { refuse, ROOM_ERRORS } from './errors';
import type { LiveRoom } from './live-room';
import type { Playback } from './playback';
import { isSingleEmoji } from './rules/animation';
import { takeSeatRefusal } from './rules/dj';
import {
  boothFrozen,
  boothLocked,
  newTracksOnly,
  overPlaytime,
  repeatKeys,
  repeatWindow,
  songKey,
  songRuleRefusal,
} from './rules/room-rules';
import { accessRefusal, refusalCode } from '@tt/rules';
import { applyVote, dislikeRefused, namesAnotherPlay } from './rules/votes';
import { realCounts, sendPrivateCounts, writeCounts } from './vote-counts';

/** Who runs an action (from their token, never from the params). */
export interface Actor {
  uuid: string;
  tokenRole: TokenRole;
  isGuest: boolean;
  roles: TokenRole[];
}

/**
 * The actor of a token, as plain data: what an action or a join needs of it, and what crosses to
 * the room's owner when it is forwarded (never the token itself).
 */
export function actorOf(auth: Actor): Actor {
  return { uuid: auth.uuid, tokenRole: auth.tokenRole, isGuest: auth.isGuest, roles: auth.roles };
}

/**
 * ACCESS-REQUIRE-1 for socket actions: refuses with the permission's coded refusal
 * (ACCESS-REFUSE-1) unless the actor may do this in the room now.
 */
export function requireInRoom(actor: Actor, permission: Permission, room: LiveRoom): void {
  const why = accessRefusal(actor, permission, { room: room.settings });
  if (why) throw refuse(refusalCode(permission, why));
}

/** addDj: take a free seat, optionally with the song to play (RR-SEAT-*, RR-DJ-*). */
export async function addDj(
  room: LiveRoom,
  actor: Actor,
  song: MinimalSongDto | null,
  playback: Playback,
): Promise<void> {
  const pro = room.members.get(actor.uuid)?.pro; // SUB-PERKS-2
  const refusal = takeSeatRefusal(room.settings, { ...actor, pro }, room.djUuids(), Date.now());
  if (refusal) throw refuse(refusal);
  if (boothLocked(room.settings, actor, Date.now())) throw refuse('ROOM_RULE_BOOTH_LOCKED');
  if (boothFrozen(room.settings, actor, Date.now())) throw refuse('ROOM_RULE_BOOTH_FROZEN');
  if (song) await requireSongRules(room, actor, song, playback);
  room.seat(actor.uuid, song);
  await playback.startIfIdle(room);
}

/**
 * ROOM-RULES-1/2/6/8: refuses a song longer than the room allows, one it may not repeat yet, one
 * past the DJ's playtime for the hour, or (new tracks only) one ever played here.
 */
async function requireSongRules(
  room: LiveRoom,
  actor: Actor,
  song: MinimalSongDto,
  playback: Playback,
): Promise<void> {
  const n = repeatWindow(room.settings);
  const recent = n > 0 ? await playback.recentPlays(room, actor, n) : [];
  const now = Date.now();
  const why = songRuleRefusal(room.settings, song, repeatKeys(room.settings, recent, now));
  if (why) throw refuse(why);
  if (overPlaytime(room.settings, actor.uuid, song, recent, now)) {
    throw refuse('ROOM_RULE_PLAYTIME_CAP'); // ROOM-RULES-6
  }
  if (newTracksOnly(room.settings) && (await playback.playedBefore(room, songKey(song)))) {
    throw refuse('ROOM_RULE_NOT_NEW'); // ROOM-RULES-8
  }
}

/** VOTE-PLAY-2: refuses an action that names a play other than the one playing now. */
export function requirePlay(room: LiveRoom, playStartTime: number | undefined): void {
  if (namesAnotherPlay(room.state.nowPlaying?.startTime, playStartTime)) {
    throw refuse(ROOM_ERRORS.PLAY_CHANGED);
  }
}

/**
 * removeDj: step down, or (moderators) take someone else off the stage (RR-MOD-2, RR-ROT-4); when
 * it names a play, only while that play is on (VOTE-PLAY-1, VOTE-PLAY-2).
 */
export async function removeDj(
  room: LiveRoom,
  actor: Actor,
  djUuid: string | undefined,
  playback: Playback,
  playStartTime?: number,
): Promise<void> {
  requirePlay(room, playStartTime);
  const target = djUuid ?? actor.uuid;
  if (target !== actor.uuid) requireInRoom(actor, 'room.dj.remove.other', room);
  if (!room.isDj(target)) {
    throw refuse(target === actor.uuid ? ROOM_ERRORS.NOT_A_DJ : ROOM_ERRORS.TARGET_NOT_A_DJ);
  }
  const { wasPlaying } = room.unseat(target);
  if (wasPlaying) await playback.advance(room);
}

/** updateNextSong: the song a DJ plays at their next turn (null: none, passed over) (RR-ROT-3). */
export async function updateNextSong(
  room: LiveRoom,
  actor: Actor,
  song: MinimalSongDto | null,
  playback: Playback,
): Promise<void> {
  if (!room.isDj(actor.uuid)) throw refuse(ROOM_ERRORS.NOT_A_DJ);
  if (song) await requireSongRules(room, actor, song, playback);
  room.setNextSong(actor.uuid, song);
  if (song) await playback.startIfIdle(room);
}

/** A star given or taken back: the song goes to (or leaves) the voter's starred list (RR-STAR-2). */
export interface StarChange {
  song: MinimalSongDto;
  starred: boolean;
}

/**
 * voteOnSong: likes, dislikes and stars on the song playing (RR-VOTE-*, RR-STAR-1, RR-VIBE-1).
 * Answers the star change, if the vote changed the voter's star.
 */
export function voteOnSong(
  room: LiveRoom,
  actor: Actor,
  request: SongVotes,
  playStartTime?: number,
): StarChange | null {
  requirePlay(room, playStartTime); // VOTE-PLAY-2
  if (!room.playing || !room.state.nowPlaying) throw refuse(ROOM_ERRORS.NOTHING_PLAYING);
  if (room.playing.djUuid === actor.uuid) throw refuse(ROOM_ERRORS.OWN_SONG_VOTE);
  if (dislikeRefused(request, room.settings.dislikes)) throw refuse(ROOM_ERRORS.DISLIKES_OFF);
  const before = room.votes.get(actor.uuid)?.star ?? false;
  const result = applyVote(room.votes.get(actor.uuid), request, realCounts(room));
  if (!result.changed) return null;
  room.votes.set(actor.uuid, result.votes);
  room.dirty = true;
  const w = room.writer();
  writeCounts(room, w, result.counts); // VOTE-PLAY-5: what everybody sees
  room.flush(w, 'votedOnSong');
  // A change only they see (a dislike) leaves the shared message empty: sent all the same.
  if (room.privateCountsPending) {
    room.privateCountsPending = false;
    sendPrivateCounts(room);
  }
  room.sendOwnVotes(actor.uuid);
  const starred = result.votes.star ?? false;
  return starred === before ? null : { song: room.state.nowPlaying.song, starred };
}

/**
 * skipSong: the DJ playing, or a moderator, ends the song now (RR-SKIP-1); when it names a play,
 * only that play (VOTE-PLAY-2).
 */
export async function skipSong(
  room: LiveRoom,
  actor: Actor,
  playback: Playback,
  playStartTime?: number,
): Promise<void> {
  requirePlay(room, playStartTime);
  if (!room.playing) throw refuse(ROOM_ERRORS.NOTHING_PLAYING);
  if (room.playing.djUuid !== actor.uuid) requireInRoom(actor, 'room.skip.other', room);
  await playback.advance(room);
}

/** playOneTimeAnimation: an emoji (exactly one) or a jump, to everyone (RR-ANIM-1, RR-ANIM-2). */
export function playOneTimeAnimation(
  room: LiveRoom,
  actor: Actor,
  animation: OneTimeAnimation,
  emoji: string | undefined,
): void {
  if (animation === 'emoji') {
    if (!emoji || !isSingleEmoji(emoji)) throw refuse(ROOM_ERRORS.EMOJI_REQUIRED);
    requireInRoom(actor, 'room.chat', room);
  }
  room.say({
    kind: 'event',
    message: {
      name: 'playedOneTimeAnimation',
      params: { userUuid: actor.uuid, animation, ...(animation === 'emoji' ? { emoji } : {}) },
    },
  });
}
