import { z } from 'zod';
import { endpoint } from '../contract';
import { LimitOffsetQuery } from '../qb';
import { MinimalSongDto } from '../room/dto';
import { RecentSongDto, RecentSongsPageDto, VoteCountsDto } from '../room/endpoints-shared';

const S = 'playlist' as const;
const SlugParam = z.object({ slug: z.string().trim().min(1).max(100) });

/** A room's history on the playlist service (the room service keeps the plays). */
export const roomHistoryEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/{slug}/recent-songs',
    auth: 'public',
    summary:
      "Songs played in a room, newest first (limit, offset); a password room's only for those inside",
    params: SlugParam,
    query: LimitOffsetQuery,
    response: RecentSongsPageDto,
  }),
  add: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{slug}/recent-songs',
    auth: 'service.call',
    summary: 'Services: records a play in a room’s history (a song played elsewhere, an import)',
    params: SlugParam,
    body: z.object({
      song: MinimalSongDto,
      djUuid: z.string().uuid('must be a user uuid'),
      playedAt: z.iso.datetime({ offset: true }).optional(),
      voteCounts: VoteCountsDto.optional(),
      playedSeconds: z.number().int().min(0).max(86_400).optional(),
    }),
    response: RecentSongDto,
    status: 201,
  }),
};
