import { z } from 'zod';
import { endpoint } from '../contract';

/**
 * TRUST-1..8 (docs/TRUST-RULES.md): how far a person is from the limits on new accounts. `trusted`
 * is true when they hold `trust.skip` (staff, moderators, bots, or past a threshold).
 */
export const TrustProgressDto = z.object({
  trusted: z.boolean(),
  /** Songs they heard to the end and were credited for (PTS-LISTEN-1). */
  songsHeard: z.number().int().min(0),
  /** Points over all time. */
  points: z.number().int(),
  /** TRUST-2: songs heard that make an account trusted (TRUST_MIN_SONGS_HEARD). */
  needSongsHeard: z.number().int().min(0),
  /** TRUST-2: lifetime points that make an account trusted (TRUST_MIN_POINTS). */
  needPoints: z.number().int().min(0),
  /** TRUST-6: a room with more listeners than this is busy (TRUST_BUSY_ROOM_LISTENERS). */
  busyRoomListeners: z.number().int().min(0),
});
export type TrustProgressDto = z.infer<typeof TrustProgressDto>;

export const trustEndpoints = {
  mine: endpoint({
    service: 'points',
    method: 'GET',
    path: '/points/trust',
    auth: 'user',
    summary: "The caller's progress towards posting links, messaging strangers and busy DJ seats",
    response: TrustProgressDto,
  }),
};
