import type { NotifyRequest } from '../../platform/events';
import type { RoomsPort } from '../../platform/ports';
import type { Platform } from '../../platform/service';
import type { Deliverer } from './deliver';
import { fansOf } from './social';

/** NOTIFY-ROOM-1: people who entered a room in this many days are its regulars. */
const REGULARS_DAYS = 30;
const REGULARS_MAX = 1000;

/** A room's regulars (NOTIFY-ROOM-1, NOTIFY-SEND-3), most recent first, at most `limit`. */
export function regularsOf(rooms: RoomsPort, roomUuid: string, limit: number): Promise<string[]> {
  const since = new Date(Date.now() - REGULARS_DAYS * 86_400_000);
  return rooms.recentVisitors(roomUuid, since, limit);
}
/** NOTIFY-CHAT-1: one direct-message notification per sender and receiver in this many seconds. */
const DM_QUIET_SECONDS = 120;

const plain = (r: Omit<NotifyRequest, 'data' | 'silent'>): NotifyRequest => ({
  ...r,
  data: {},
  silent: false,
});

/**
 * What sends what (NOTIFY-* rules in docs/NOTIFICATION-RULES.md): each is a consumer of work
 * events from the outbox, so it runs once per event across processes and restarts, and the
 * event's id is the idempotency key of the notifications it makes.
 */
export function registerTriggers(platform: Platform, deliverer: Deliverer): void {
  const { outbox, ports } = platform;
  const nickname = async (uuid: string) =>
    (await ports.users?.profiles([uuid]))?.[0]?.nickname ?? 'Someone';
  const inRoom = (roomUuid: string) => new Set(ports.rooms?.presence(roomUuid)?.userUuids ?? []);

  outbox.consume('notify.requested', 'notification.deliver', async (req, meta) => {
    await deliverer.deliver(meta.eventId, req);
  });

  outbox.consume('social.friendInvited', 'notification.friend-invited', async (e, meta) => {
    const name = await nickname(e.senderUuid);
    await deliverer.deliver(
      meta.eventId,
      plain({
        kind: 'friendInvitation',
        recipients: [e.receiverUuid],
        actorUuid: e.senderUuid,
        title: `${name} wants to be your friend`,
        body: 'Accept or decline on your friends page.',
        link: '/friends',
        params: { name },
      }),
    );
  });

  outbox.consume('social.friendAccepted', 'notification.friend-accepted', async (e, meta) => {
    const name = await nickname(e.receiverUuid);
    await deliverer.deliver(
      meta.eventId,
      plain({
        kind: 'friendAccepted',
        recipients: [e.senderUuid],
        actorUuid: e.receiverUuid,
        title: `${name} accepted your friend invitation`,
        body: 'You are friends now.',
        link: `/profile/${e.receiverUuid}`,
        params: { name },
      }),
    );
  });

  // NOTIFY-DJ-1, NOTIFY-DJ-2
  outbox.consume('room.djTookStage', 'notification.dj-live', async (e, meta) => {
    const room = await ports.rooms?.get(e.roomUuid);
    if (!room) return;
    const key = `dj:${e.djUuid}:${e.roomUuid}`;
    if (!(await deliverer.throttle(key, platform.config.DJ_LIVE_NOTIFY_INTERVAL))) return;
    const here = inRoom(e.roomUuid);
    const recipients = (await fansOf(platform).fanUuids(e.djUuid)).filter((u) => !here.has(u));
    const name = await nickname(e.djUuid);
    await deliverer.deliver(
      meta.eventId,
      plain({
        kind: 'djLive',
        recipients,
        actorUuid: e.djUuid,
        title: `${name} is on stage`,
        body: `Playing in ${room.name} now. Come listen!`,
        link: `/rooms/${room.slug}`,
        params: { name, room: room.name },
      }),
    );
  });

  // NOTIFY-ROOM-1, NOTIFY-ROOM-2
  outbox.consume('room.wentLive', 'notification.room-live', async (e, meta) => {
    const room = await ports.rooms?.get(e.roomUuid);
    if (!room || !ports.rooms) return;
    if (
      !(await deliverer.throttle(`room:${e.roomUuid}`, platform.config.ROOM_LIVE_NOTIFY_INTERVAL))
    )
      return;
    const skip = new Set([...inRoom(e.roomUuid), ...(await fansOf(platform).fanUuids(e.djUuid))]);
    const recipients = (await regularsOf(ports.rooms, e.roomUuid, REGULARS_MAX)).filter(
      (u) => !skip.has(u),
    );
    const name = await nickname(e.djUuid);
    await deliverer.deliver(
      meta.eventId,
      plain({
        kind: 'roomLive',
        recipients,
        actorUuid: e.djUuid,
        title: `${room.name} is live`,
        body: `${name} started playing. Drop in!`,
        link: `/rooms/${room.slug}`,
        params: { name, room: room.name },
      }),
    );
  });

  // NOTIFY-EVENT-1 (EVT-REMIND-2)
  outbox.consume('event.started', 'notification.event-started', async (e, meta) => {
    const here = inRoom(e.roomUuid);
    await deliverer.deliver(
      meta.eventId,
      plain({
        kind: 'eventStarted',
        recipients: e.recipients.filter((u) => !here.has(u)),
        actorUuid: e.hostUuid,
        title: `${e.name} is starting`,
        body: `The event is on in ${e.roomName} now. Come in!`,
        link: `/rooms/${e.roomSlug}`,
        params: { name: e.name, room: e.roomName },
      }),
    );
  });

  // NOTIFY-CHAT-1, NOTIFY-CHAT-2
  outbox.consume(
    'chat.messageSent',
    'notification.chat',
    async (e, meta) => {
      const name = await nickname(e.senderUuid);
      if (e.receiverUuid) {
        const key = `dm:${e.senderUuid}:${e.receiverUuid}`;
        if (await deliverer.throttle(key, DM_QUIET_SECONDS)) {
          await deliverer.deliver(
            `${meta.eventId}:dm`,
            plain({
              kind: 'directMessage',
              recipients: [e.receiverUuid],
              actorUuid: e.senderUuid,
              title: `${name} sent you a message`,
              body: 'Open your inbox to read it.',
              link: `/messages/${e.senderUuid}`,
              params: { name },
            }),
          );
        }
      }
      const mentioned = (e.mentionedUuids ?? []).filter((u) => u !== e.receiverUuid);
      if (mentioned.length === 0) return;
      const room = e.roomUuid ? await ports.rooms?.get(e.roomUuid) : null;
      await deliverer.deliver(
        `${meta.eventId}:mention`,
        plain({
          kind: 'mention',
          recipients: mentioned,
          actorUuid: e.senderUuid,
          title: room ? `${name} mentioned you in ${room.name}` : `${name} mentioned you`,
          body: 'Tap to see the message.',
          link: room ? `/rooms/${room.slug}` : `/messages/${e.senderUuid}`,
          params: { name, room: room?.name ?? '' },
        }),
      );
    },
    // WORK-DELIVERY-4: most room messages mention nobody; they cost this consumer nothing.
    { when: (e) => !!e.receiverUuid || !!e.mentionedUuids?.length },
  );
}
