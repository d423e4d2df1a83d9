import { z } from 'zod';

export const SeasonStatus = z.enum(['UPCOMING', 'RUNNING', 'ENDED']);
export type SeasonStatus = z.infer<typeof SeasonStatus>;

export const SeasonDto = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: SeasonStatus,
  /** When its ranks were frozen and its awards given (PTS-SEASON-2); null before. */
  frozenAt: z.string().nullable(),
});
export type SeasonDto = z.infer<typeof SeasonDto>;

const when = z.iso.datetime({ offset: true });

export const CreateSeasonReq = z
  .object({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(''),
    startDate: when,
    endDate: when,
  })
  .strict()
  .refine((s) => Date.parse(s.endDate) > Date.parse(s.startDate), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  });
export type CreateSeasonReq = z.input<typeof CreateSeasonReq>;

export const UpdateSeasonReq = z
  .object({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500),
    startDate: when,
    endDate: when,
  })
  .partial()
  .strict();

/** One person's standing in one season (or, with seasonId null, over all seasons). */
export const RankingStatusDto = z.object({
  id: z.number().int().nullable(),
  userUuid: z.string(),
  seasonId: z.number().int().nullable(),
  balance: z.number().int(),
  /** 1 = first; null when they have no points there. Frozen at the season's end. */
  rank: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});
export type RankingStatusDto = z.infer<typeof RankingStatusDto>;

export const CurrentRankingDto = z.object({
  /** Does the person have points in the season running now? */
  hasCurrentRankingStatus: z.boolean(),
  season: SeasonDto.nullable(),
  status: RankingStatusDto.nullable(),
});
export type CurrentRankingDto = z.infer<typeof CurrentRankingDto>;

/** A row of a leaderboard. */
export const RankingEntryDto = z.object({
  rank: z.number().int(),
  userUuid: z.string(),
  nickname: z.string(),
  avatarId: z.string(),
  color: z.string(),
  balance: z.number().int(),
});
export type RankingEntryDto = z.infer<typeof RankingEntryDto>;

export const SeasonRankingDto = z.object({
  /** Null for the all-seasons (lifetime) board. */
  season: SeasonDto.nullable(),
  total: z.number().int(),
  take: z.number().int(),
  skip: z.number().int(),
  entries: z.array(RankingEntryDto),
});
export type SeasonRankingDto = z.infer<typeof SeasonRankingDto>;

export const RankingPageQuery = z.object({
  take: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The current season's board top and, when signed in, the caller's own row. */
export const CurrentSeasonBoardDto = z.object({
  season: SeasonDto.nullable(),
  top: z.array(RankingEntryDto),
  me: RankingEntryDto.nullable(),
});

export const AdminPointsReq = z
  .object({
    userUuid: z.string().uuid('must be a user uuid'),
    /** Added (or, negative, taken) in the season; never below zero. */
    amount: z
      .number()
      .int()
      .min(-100_000)
      .max(100_000)
      .refine((n) => n !== 0, 'must not be 0'),
    reason: z.string().trim().min(1).max(200),
    /** Default: the season running now. */
    seasonId: z.number().int().min(1).optional(),
  })
  .strict();

export const ServicePointsReq = z
  .object({
    userUuid: z.string().uuid('must be a user uuid'),
    amount: z.number().int().min(1).max(10_000),
    reason: z.string().trim().min(1).max(200),
    /** The same key twice credits once (PTS-IDEM-1). */
    idempotencyKey: z.string().trim().min(8).max(120),
  })
  .strict();

export const PointsCreditDto = z.object({
  credited: z.boolean(),
  balance: z.number().int(),
  seasonId: z.number().int().nullable(),
});

export const AdminRankingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['balance,DESC', 'balance,ASC', 'updatedAt,DESC', 'updatedAt,ASC']).optional(),
  userUuid: z.string().uuid('must be a user uuid').optional(),
  seasonId: z.coerce.number().int().min(1).optional(),
  /** Only rows with at least this balance. */
  balance: z.coerce.number().int().min(0).optional(),
});

export const BackfillQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});
