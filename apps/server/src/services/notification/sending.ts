import type { FastifyInstance } from 'fastify';
import { sendingEndpoints as s, type SendResultDto } from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import { caller } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { NotifyRequest } from '../../platform/events';
import { route } from '../../platform/route';
import type { Platform } from '../../platform/service';
import type { Deliverer } from './deliver';
import { fansOf } from './social';
import { regularsOf } from './triggers';

type Content = { title: string; body: string; link?: string };

/**
 * The sending routes (NOTIFY-SEND-1..4): each writes one `notify.requested` work event, delivered
 * once by the notification consumer; the answer names the event (the idempotency key).
 */
export function registerSendingRoutes(
  app: FastifyInstance,
  platform: Platform,
  deliverer: Deliverer,
): void {
  const { ports, outbox } = platform;

  const send = async (req: Omit<NotifyRequest, 'params' | 'data'> & Partial<NotifyRequest>) => {
    const full: NotifyRequest = { params: {}, data: {}, ...req };
    if (full.recipients.length === 0 && !full.everyone) return { recipients: 0, eventId: null };
    const eventId = await outbox.emit('notify.requested', full);
    const everyone = full.everyone ? await ports.users?.countActive() : undefined;
    return { recipients: everyone ?? full.recipients.length, eventId };
  };

  /** NOTIFY-SEND-2: only registered accounts are sent to. */
  const existing = async (uuids: string[]): Promise<string[]> => {
    if (!ports.users) throw fail('SERVICE_UNAVAILABLE');
    const found = await ports.users.profiles([...new Set(uuids)]);
    return found.map((p) => p.uuid);
  };
  const one = async (userUuid: string) => {
    const [u] = await existing([userUuid]);
    if (!u) throw fail('SOCIAL_USER_NOT_FOUND');
    return u;
  };
  const room = async (ref: string) => {
    const found = await ports.rooms?.find(ref);
    if (!found) throw fail('NOTIFY_ROOM_NOT_FOUND');
    return found;
  };
  const custom = (recipients: string[], c: Content, silent = false) => ({
    kind: 'custom' as const,
    recipients,
    actorUuid: null,
    title: c.title,
    body: c.body,
    link: c.link ?? null,
    silent,
  });

  const direct = async ({
    body,
  }: {
    body: Content & { userUuid: string; data?: Record<string, string> };
  }) => send({ ...custom([await one(body.userUuid)], body), data: body.data ?? {} });
  route(app, s.mobile, direct);
  route(app, s.mobileAdmin, direct);
  route(app, s.user, direct);
  route(app, s.userAdmin, direct);

  const silent = async ({ body }: { body: { userUuid: string; data: Record<string, string> } }) =>
    send({ ...custom([await one(body.userUuid)], { title: '', body: '' }, true), data: body.data });
  route(app, s.silent, silent);
  route(app, s.userAdminSilent, silent);

  const many = async ({ body }: { body: Content & { userUuids: string[] } }) =>
    send(custom(await existing(body.userUuids), body));
  route(app, s.customMessage, many);
  route(app, s.customMessageAdmin, many);

  // NOTIFY-SEND-4: an admin broadcast reaches every active account.
  route(app, s.allDevices, ({ body }) =>
    send({ ...custom([], body), kind: 'broadcast', everyone: true }),
  );

  const roomUsers = async (input: { roomUuid: string; title: string; body: string }) => {
    const r = await room(input.roomUuid);
    const here = ports.rooms?.presence(r.uuid)?.userUuids ?? [];
    return send({ ...custom(here, { ...input, link: `/rooms/${r.slug}` }) });
  };
  route(app, s.roomUsers, ({ body }) => roomUsers(body));
  route(app, s.roomUsersGet, ({ query }) => roomUsers(query));
  // NOTIFY-SEND-5: admins message everyone in a room now, from the staff console.
  route(app, s.roomUsersAdmin, ({ body }) => roomUsers(body));

  // NOTIFY-DJ-1: the same path as a DJ taking the stage (and the same NOTIFY-DJ-2 throttle).
  const djFans = async (input: { djUuid: string; roomUuid: string }): Promise<SendResultDto> => {
    const fans = fansOf(platform);
    const r = await room(input.roomUuid);
    await one(input.djUuid);
    const eventId = await outbox.emit('room.djTookStage', {
      roomUuid: r.uuid,
      djUuid: input.djUuid,
      at: new Date().toISOString(),
    });
    return { recipients: (await fans.fanCounts(input.djUuid)).fansCount, eventId };
  };
  route(app, s.djFans, ({ body }) => djFans(body));
  route(app, s.djFansGet, ({ query }) => djFans(query));

  // NOTIFY-SEND-3: a room's staff message its regulars, at most once per ROOM_MESSAGE_INTERVAL.
  route(app, s.fromRoom, async ({ request, body }) => {
    const me = caller(request);
    const r = await room(body.roomUuid);
    requireAccess(me, 'room.notify', { room: r });
    if (!ports.rooms) throw fail('SERVICE_UNAVAILABLE');
    const regulars = await regularsOf(ports.rooms, r.uuid, 5000);
    if (
      !(await deliverer.throttle(`room-message:${r.uuid}`, platform.config.ROOM_MESSAGE_INTERVAL))
    )
      throw fail('NOTIFY_TOO_SOON');
    return send({
      kind: 'custom',
      recipients: regulars,
      actorUuid: me.uuid,
      title: r.name,
      body: body.message,
      link: `/rooms/${r.slug}`,
      params: { room: r.name },
      silent: false,
    });
  });
}
