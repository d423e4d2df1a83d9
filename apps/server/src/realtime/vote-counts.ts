import type { VoteCounts } from '@tt/protocol';
import { can } from '@tt/rules';
import type { LiveRoom } from './live-room';
import type { PatchWriter } from './patch-writer';
import { countVotes, shownCounts, vibeMeter } from './rules/votes';

/** The real counts of the song playing, from the votes kept per user (VOTE-PLAY-5). */
export const realCounts = (room: LiveRoom): VoteCounts => countVotes(room.votes.values());

const sameCounts = (a: VoteCounts, b: VoteCounts) =>
  a.likes === b.likes && a.dislikes === b.dislikes && a.stars === b.stars;

/**
 * Puts `counts` (the real ones) into the room's state as everybody may see them, with the vibe
 * meter of what is shown (RR-VIBE-1, VOTE-PLAY-5). With private dislikes, the real ones go to those
 * who may see them once the writer's message is out (LiveRoom.flush → sendPrivateCounts).
 */
export function writeCounts(room: LiveRoom, w: PatchWriter, counts: VoteCounts): void {
  const shown = shownCounts(counts, room.settings.dislikes);
  if (!sameCounts(shown, room.state.voteCounts)) w.replace('/voteCounts', shown);
  const vibe = vibeMeter(shown);
  if (vibe !== room.state.vibeMeter) w.replace('/vibeMeter', vibe);
  if (room.settings.dislikes === 'private') room.privateCountsPending = true;
}

/**
 * VOTE-PLAY-5: who sees a private dislike count: the DJ playing, and whoever may read it in this
 * room (`room.dislikes.read`, through the access table).
 */
export function seesDislikes(room: LiveRoom, uuid: string): boolean {
  if (room.playingDj() === uuid) return true;
  const member = room.members.get(uuid);
  return Boolean(member && can(member, 'room.dislikes.read', { room: room.settings }));
}

/**
 * VOTE-PLAY-5: the real counts and vibe meter to each member (or each of `only`) who may see them,
 * as a `votedOnSong` to them alone. Nothing when the room's dislikes are not private.
 */
export function sendPrivateCounts(room: LiveRoom, only?: Iterable<string>): void {
  if (room.settings.dislikes !== 'private' || room.muted) return;
  const counts = realCounts(room);
  const ops = [
    { op: 'replace' as const, path: '/voteCounts', value: counts },
    { op: 'replace' as const, path: '/vibeMeter', value: vibeMeter(counts) },
  ];
  for (const uuid of only ?? room.members.keys()) {
    if (room.members.has(uuid) && seesDislikes(room, uuid)) {
      room.emit({ kind: 'state', name: 'votedOnSong', ops, toUser: uuid });
    }
  }
}
