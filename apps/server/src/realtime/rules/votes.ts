import type { DislikesMode, SongVotes, VoteCounts } from '@tt/protocol';

export const NO_VOTES: VoteCounts = { likes: 0, dislikes: 0, stars: 0 };

export interface VoteResult {
  votes: SongVotes;
  counts: VoteCounts;
  changed: boolean;
}

/**
 * One vote per user per song (RR-VOTE-1…3): `like` true or false sets the user's one like/dislike
 * (switching moves the count from one side to the other; the same vote again changes nothing);
 * `star` true stars the song once, `star` false takes the star back (RR-STAR-1).
 */
export function applyVote(
  previous: SongVotes | undefined,
  request: SongVotes,
  counts: VoteCounts,
): VoteResult {
  const before = previous ?? {};
  const votes: SongVotes = { ...before };
  const next = { ...counts };
  if (request.like !== undefined && request.like !== before.like) {
    if (before.like === true) next.likes--;
    if (before.like === false) next.dislikes--;
    if (request.like) next.likes++;
    else next.dislikes++;
    votes.like = request.like;
  }
  if (request.star !== undefined && request.star !== (before.star ?? false)) {
    next.stars += request.star ? 1 : -1;
    if (request.star) votes.star = true;
    else delete votes.star;
  }
  const changed =
    next.likes !== counts.likes || next.dislikes !== counts.dislikes || next.stars !== counts.stars;
  return { votes, counts: next, changed };
}

/**
 * The vibe meter (RR-VIBE-1): the share of likes among likes and dislikes, from 0 to 1, rounded to
 * three decimals; 0.5 when nobody voted. Stars do not move it.
 */
export function vibeMeter(counts: VoteCounts): number {
  const total = counts.likes + counts.dislikes;
  if (total === 0) return 0.5;
  return Math.round((counts.likes / total) * 1000) / 1000;
}

/** The counts of a song's votes, from each voter's votes (RR-VOTE-1, RR-STAR-1). */
export function countVotes(votes: Iterable<SongVotes>): VoteCounts {
  const counts = { ...NO_VOTES };
  for (const v of votes) {
    if (v.like === true) counts.likes++;
    if (v.like === false) counts.dislikes++;
    if (v.star) counts.stars++;
  }
  return counts;
}

/**
 * VOTE-PLAY-5: the counts everybody's room state shows. With private dislikes they show none (and
 * the vibe meter is computed from what is shown, so it does not give the count away either).
 */
export function shownCounts(counts: VoteCounts, mode: DislikesMode | undefined): VoteCounts {
  return mode === 'private' ? { ...counts, dislikes: 0 } : counts;
}

/**
 * VOTE-PLAY-2: an action naming play `named` (its `nowPlaying.startTime`) while `playing` is the
 * start time of the play now (undefined: nothing plays) is about another play. Not naming one
 * (`named` undefined, an unmodified SDK) is never about another play (VOTE-PLAY-1).
 */
export const namesAnotherPlay = (playing: number | undefined, named: number | undefined): boolean =>
  named !== undefined && named !== playing;

/** VOTE-PLAY-4: a vote a room with dislikes `off` refuses. */
export const dislikeRefused = (request: SongVotes, mode: DislikesMode | undefined): boolean =>
  mode === 'off' && request.like === false;
