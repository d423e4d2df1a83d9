import { notifyTopic } from '../../platform/bus';
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
/** NOTIFY-CHAT-4: how far `reader` read the direct conversation with `other`. */
const dmReadKey = (reader: string, other: string) => `dmread:${reader}:${other}`;
/** NOTIFY-FAN-2: one new-fan notification per follower and followed person in this many hours. */
const NEW_FAN_QUIET_HOURS = 24;
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

  /** One person told of what one other person did; the text is the actor's nickname and `say`. */
  const tellOne = async (
    eventId: string,
    who: { recipient: string; actor: string },
    kind: NotifyRequest['kind'],
    say: (name: string) => { title: string; body: string; link: string },
  ) => {
    const name = await nickname(who.actor);
    const { title, body, link } = say(name);
    await deliverer.deliver(
      eventId,
      plain({
        kind,
        recipients: [who.recipient],
        actorUuid: who.actor,
        title,
        body,
        link,
        params: { name },
      }),
    );
  };

  // NOTIFY-FRIEND-1
  outbox.consume('social.friendInvited', 'notification.friend-invited', (e, meta) =>
    tellOne(
      meta.eventId,
      { recipient: e.receiverUuid, actor: e.senderUuid },
      'friendInvitation',
      (name) => ({
        title: `${name} wants to be your friend`,
        body: 'Accept or decline on your friends page.',
        link: '/friends',
      }),
    ),
  );

  // NOTIFY-FRIEND-2
  outbox.consume('social.friendAccepted', 'notification.friend-accepted', (e, meta) =>
    tellOne(
      meta.eventId,
      { recipient: e.senderUuid, actor: e.receiverUuid },
      'friendAccepted',
      (name) => ({
        title: `${name} accepted your friend invitation`,
        body: 'You are friends now.',
        link: `/profile/${e.receiverUuid}`,
      }),
    ),
  );

  // NOTIFY-FAN-1, NOTIFY-FAN-2
  outbox.consume('social.fanAdded', 'notification.new-fan', async (e, meta) => {
    const since = new Date(Date.parse(e.at) - NEW_FAN_QUIET_HOURS * 3_600_000);
    if (await deliverer.centre.hasSince(e.djUuid, 'newFan', e.fanUuid, since)) return;
    await tellOne(meta.eventId, { recipient: e.djUuid, actor: e.fanUuid }, 'newFan', (name) => ({
      title: `${name} started following you`,
      body: 'They will hear when you go on stage.',
      link: `/profile/${e.fanUuid}`,
    }));
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

  // NOTIFY-CHAT-3 (CHAT-UNREAD-2), NOTIFY-LIVE-2
  outbox.consume('chat.directRead', 'notification.dm-read', async (e) => {
    // NOTIFY-CHAT-4: remembered for a message whose notification is still to be made.
    await deliverer.noteRead(dmReadKey(e.readerUuid, e.otherUuid), new Date(e.readAt));
    const read = await deliverer.centre.markReadFrom(
      e.readerUuid,
      'directMessage',
      e.otherUuid,
      new Date(e.readAt),
    );
    for (const notification of read) {
      // Like a new item's frame (deliver.ts): the change is stored; a lost frame costs a refetch.
      await platform.bus
        .publish(notifyTopic(e.readerUuid), { notification })
        .catch((err: unknown) => platform.log.warn({ err }, 'live notification failed'));
    }
  });

  // NOTIFY-CHAT-1, NOTIFY-CHAT-2
  outbox.consume(
    'chat.messageSent',
    'notification.chat',
    async (e, meta) => {
      const name = await nickname(e.senderUuid);
      // NOTIFY-CHAT-4: a message already read when its turn comes is not notified.
      const unread =
        !!e.receiverUuid &&
        !(await deliverer.readSince(dmReadKey(e.receiverUuid, e.senderUuid), new Date(e.sentAt)));
      if (e.receiverUuid && unread) {
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
