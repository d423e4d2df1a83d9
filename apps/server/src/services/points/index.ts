import {
  avatarEndpoints as a,
  pointsEndpoints as p,
  seasonEndpoints as s,
  trustEndpoints as t,
} from '@tt/protocol';
import { caller } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import type { Platform, ServiceModule } from '../../platform/service';
import { RankingAdmin } from './admin';
import { Avatars, toAvatarDto } from './avatars';
import { creditsOfPlay } from './earning';
import { Ranking } from './ranking';
import { Seasons, toSeasonDto } from './seasons';
import { standingOf } from './standing';
import { trustProgress, trustThresholds } from '../../platform/trust';

/** How often a process looks for seasons that ended (PTS-SEASON-2); reads also look. */
const FREEZE_EVERY_MS = 60_000;

/** PTS-DJ-1, PTS-LISTEN-1: each finished song credits its DJ and listeners, once per play. */
function consumePlays(platform: Platform, ranking: Ranking): void {
  platform.outbox.consume('room.songPlayed', 'points.song-played', async (play, meta) => {
    const uuids = [...new Set([...play.likers, ...play.starrers, ...play.listeners])];
    const profiles = (await platform.ports.users?.profiles(uuids)) ?? [];
    // PTS-BOARD-2: the play's bots, asked once for all its credits.
    const bots = new Set((await platform.ports.users?.bots([play.djUuid, ...uuids])) ?? []);
    const made = new Map(profiles.map((u) => [u.uuid, new Date(u.createdAt)]));
    const endedAt = new Date(play.endedAt);
    const credits = creditsOfPlay(
      { ...play, endedAt },
      (uuid) => made.get(uuid),
      platform.config.POINTS_MIN_PLAYED_SECONDS,
    );
    for (const c of credits) {
      await ranking.credit(
        { ...c, key: `play:${meta.eventId}:${c.userUuid}:${c.kind}`, at: endedAt },
        bots,
      );
    }
  });
}

async function seedDemoSeason(platform: Platform, seasons: Seasons, ranking: Ranking) {
  const day = 24 * 60 * 60 * 1000;
  if ((await seasons.at()) || (await seasons.next())) return [];
  const now = Date.now();
  const season = await seasons.create({
    name: 'Season 1 · Autumn Sessions',
    description: 'Play songs people love. The top 25 take home a season avatar.',
    startDate: new Date(now - 20 * day).toISOString(),
    endDate: new Date(now + 40 * day).toISOString(),
  });
  const demo: [string, number, string][] = [
    ['dj@turntable.local', 420, 'disco-dot'],
    ['listener@turntable.local', 95, 'lofi-cat'],
    ['mod@turntable.local', 60, 'cap-cue'],
    ['admin@turntable.local', 0, 'suit-sway'],
  ];
  for (const [email, amount, avatarId] of demo) {
    const uuid = await platform.ports.users?.uuidByEmail(email);
    if (!uuid) continue;
    await platform.ports.users?.replaceAvatar(['default'], avatarId, [uuid]);
    if (amount === 0) continue;
    await ranking.credit({
      userUuid: uuid,
      amount,
      kind: 'demo',
      reason: 'Demo points',
      key: `demo:${season.id}:${uuid}`,
    });
  }
  return [`Season running: ${season.name} (leaderboard at /leaderboard)`];
}

/** Avatars, points and seasons. */
export const pointsService: ServiceModule = {
  name: 'points',
  version: null,
  provides: ['avatars', 'standing'],
  requires: [],
  optional: {
    users:
      'leaderboards show no names or looks; a play credits no votes or listeners, whose account ages cannot be read (PTS-DJ-1); no avatar is taken back',
    subscriptions:
      'nobody holds Pro: subscriber-only avatars stay locked for everyone (SUB-PERKS-3)',
  },
  async register(app, platform) {
    const avatars = new Avatars(platform);
    const seasons = new Seasons(platform.db);
    const ranking = new Ranking(platform, seasons);
    const admin = new RankingAdmin(platform.db, ranking);
    await avatars.seed();
    platform.ports.avatars = { mayWear: (uuid, slug, roles) => avatars.mayWear(uuid, slug, roles) };
    // TRUST-2: chat and the room socket read what an account heard and earned.
    const standing = { standing: (uuid: string) => standingOf(platform.db, uuid) };
    platform.ports.standing = standing;
    consumePlays(platform, ranking);
    platform.outbox.consume('subscription.changed', 'points.subscription-perks', (e) =>
      avatars.subscriptionChanged(e.userUuid),
    );
    const timer = setInterval(() => {
      seasons.freezeDue().catch((err) => platform.log.warn({ err }, 'freezing seasons failed'));
    }, FREEZE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    // Avatars
    route(app, a.mine, ({ request }) => avatars.mine(caller(request).uuid, caller(request).roles));
    route(app, a.create, ({ body }) => avatars.create(body));
    route(app, a.update, ({ params, body }) => avatars.update(params.id, body));
    route(app, a.remove, ({ params }) => avatars.remove(params.id));
    route(app, a.subscriber, () => avatars.subscriber());
    route(app, a.bySlug, async ({ params }) => toAvatarDto(await avatars.bySlug(params.slug)));
    route(app, a.all, () => avatars.all());
    route(app, a.holding, ({ params }) => avatars.holding(params.userUuid, params.slug));
    route(app, a.ofUser, ({ params }) => avatars.ofUser(params.id));
    route(app, a.adminList, ({ query }) => avatars.adminList(query));
    route(app, a.adminGet, ({ params }) => avatars.adminGet(params.id));
    route(app, a.adminRemove, ({ params }) => avatars.remove(params.id));
    route(app, a.assign, ({ params, body }) => avatars.assign(params.id, body.userUuid, body.type));
    route(app, a.unassign, ({ params, body }) => avatars.unassign(params.id, body.userUuid));
    route(app, a.setField, ({ body }) => avatars.setField(body.avatarId, body.key, body.value));
    route(app, a.deleteField, ({ body }) => avatars.deleteField(body.avatarId, body.key));

    // Points and rankings
    route(app, p.info, async () => {
      const current = await seasons.at();
      return { service: 'points' as const, currentSeason: current && toSeasonDto(current) };
    });
    route(app, p.adminPoints, async ({ request, body }) => {
      const seasonId = body.seasonId ?? (await seasons.at())?.id;
      if (!seasonId) throw fail('NO_CURRENT_SEASON');
      // PTS-BOARD-2: bots are never credited (a debit may clear a balance from before the rule).
      if (body.amount > 0 && (await ranking.isBot(body.userUuid)))
        throw fail('BAD_REQUEST', 'Bots do not earn points.');
      await ranking.credit({
        userUuid: body.userUuid,
        amount: body.amount,
        kind: 'admin',
        reason: body.reason,
        key: `admin:${caller(request).uuid}:${request.id}:${Date.now()}`,
        seasonId,
      });
      const rows = await ranking.statuses(body.userUuid);
      return rows.find((r) => r.seasonId === seasonId)!;
    });
    route(app, p.servicePoints, ({ body }) =>
      ranking.credit({ ...body, kind: 'service', key: `service:${body.idempotencyKey}` }),
    );
    route(app, p.statuses, ({ params }) => ranking.statuses(params.id));
    route(app, p.sum, ({ params }) => ranking.lifetime(params.id));
    route(app, p.currentMine, ({ request }) => ranking.current(caller(request).uuid));
    // TRUST-7: how far the caller is from the limits on new accounts.
    route(app, t.mine, ({ request }) =>
      trustProgress(standing, caller(request), trustThresholds(platform.config)),
    );
    route(app, p.currentOf, ({ params }) => ranking.current(params.id));
    route(app, p.seasonRanking, async ({ query }) => {
      const current = await seasons.runningSeen();
      if (!current)
        return { season: null, total: 0, take: query.take, skip: query.skip, entries: [] };
      return ranking.seasonBoard(current, query.take, query.skip);
    });
    route(app, p.allSeasonsRanking, ({ query }) => ranking.lifetimeBoard(query.take, query.skip));
    route(app, p.seasonRankingById, async ({ params, query }) =>
      ranking.seasonBoard(await seasons.byIdSeen(params.id), query.take, query.skip),
    );
    route(app, p.nextSeasonRanking, async ({ params, query }) =>
      ranking.seasonBoard(await seasons.neighbour(params.id, 'next'), query.take, query.skip),
    );
    route(app, p.prevSeasonRanking, async ({ params, query }) =>
      ranking.seasonBoard(await seasons.neighbour(params.id, 'prev'), query.take, query.skip),
    );
    route(app, p.currentBoard, ({ request }) => ranking.currentBoard(request.auth?.uuid ?? null));
    route(app, p.backfill, ({ params, query }) => seasons.backfill(params.id, query.limit));
    route(app, p.adminStatuses, ({ query }) => admin.statuses(query));
    route(app, p.adminStatus, ({ params }) => ranking.statusById(params.id));
    route(app, p.adminLifetime, ({ query }) => admin.lifetime(query));
    route(app, p.adminLifetimeOf, ({ params }) => ranking.lifetime(params.id));

    // Seasons
    route(app, s.create, ({ body }) => seasons.create(body));
    route(app, s.update, ({ params, body }) => seasons.update(params.id, body));
    route(app, s.remove, ({ params }) => seasons.remove(params.id));
    route(app, s.current, async () => {
      await seasons.freezeDue();
      const current = await seasons.at();
      const next = await seasons.next();
      return { season: current && toSeasonDto(current), next: next && toSeasonDto(next) };
    });
    route(app, s.adminList, ({ query }) => seasons.adminList(query));
    route(app, s.adminGet, async ({ params }) => toSeasonDto(await seasons.byId(params.id)));
    route(app, s.adminRemove, ({ params }) => seasons.remove(params.id));
  },
  async seed(platform) {
    const seasons = new Seasons(platform.db);
    return seedDemoSeason(platform, seasons, new Ranking(platform, seasons));
  },
};
