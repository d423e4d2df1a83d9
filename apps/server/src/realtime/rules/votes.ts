import type { SongVotes, VoteCounts } from '@tt/protocol';

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
