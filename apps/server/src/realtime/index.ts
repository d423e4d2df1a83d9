import type { Server } from 'node:http';
import type { LiveRoomsSource, RoomHeadcount } from '../platform/ports';
import type { Platform } from '../platform/service';
import { requirePort, type Component } from '../platform/wiring';
import { AfkDjWatch } from './afk-djs';
import { RoomEngine } from './engine';
import { subscribeDomainEvents } from './events';
import { limitsFromConfig, realtimeOptions, type RealtimeOptions } from './options';
import { LiveAudioSocket } from './live-audio';
import { LocalOwnership, RedisOwnership } from './ownership';
import { PresenceBoard } from './presence-board';
import { RoomRouter } from './router';
import { Transport } from './transport';
import { roomTopic } from './wire';

export type { RealtimeOptions } from './options';

export interface Realtime {
  engine: RoomEngine;
  transport: Transport;
  router: RoomRouter;
  /** The built-in live audio at /api/live-audio/socket (LIVE-AUDIO-1). */
  liveAudio: LiveAudioSocket;
  options: RealtimeOptions;
  /** What it attached to the room service's read model of live rooms (ROOM-LIVE-1). */
  live: LiveRoomsSource;
  close(): Promise<void>;
}

/**
 * The realtime engine's wiring (platform/wiring.ts). It starts with the room service and depends
 * on it: rooms, entry checks, song plays and live state through the rooms port, to which it
 * attaches what it knows of live rooms. The room service depends on nothing of it.
 */
export const realtimeComponent: Component = {
  label: 'the realtime engine',
  service: 'room',
  provides: ['listening', 'liveAudio'],
  requires: ['rooms'],
  optional: {
    users:
      'everyone in a room shows as "User" with the default avatar; taking a DJ seat is refused with SERVICE_UNAVAILABLE ("Something went wrong, please try again"), as the verified address cannot be read (ACCESS-FACTS-1)',
    subscriptions:
      'nobody holds Pro: in a PRO_PLAN_OWNER room only its owner and co-owners DJ (RR-DJ-3)',
    standing:
      'trust cannot be earned: in a busy room only trust.skip holders by role take a DJ seat (TRUST-6, TRUST-8)',
    chatGateway:
      'the one socket carries rooms only: chat frames are answered SERVICE_UNAVAILABLE and a chat token opens nothing (GATEWAY-2)',
  },
};

/**
 * Starts the room socket on the HTTP server: the transport at /primus, the live room engine, the
 * domain-event subscriptions, its live source attached to the room service (`attachLive`) and
 * `platform.ports.listening`; then brings back the rooms that had live state when the previous
 * process stopped (their end-of-song timers re-armed).
 */
export async function startRealtime(
  server: Server,
  platform: Platform,
  overrides: Partial<RealtimeOptions> = {},
): Promise<Realtime> {
  const options = realtimeOptions({ ...limitsFromConfig(platform.config), ...overrides });
  // ROOM-OWNER-1: with Redis, each live room runs in the one process that holds its lease.
  const ownership = platform.config.REDIS_URL
    ? new RedisOwnership(
        platform.config.REDIS_URL,
        platform.keyPrefix,
        options.leaseMs,
        platform.log,
      )
    : new LocalOwnership();
  const engine = new RoomEngine(
    platform,
    options,
    (roomUuid, message) => {
      platform.metrics.roomBroadcasts.inc();
      platform.bus
        .publish(roomTopic(roomUuid), message)
        .catch((err) => platform.log.error({ err, room: roomUuid }, 'realtime publish failed'));
    },
    ownership,
  );
  const router = new RoomRouter(platform, engine, options.leaseMs);
  // ROOM-OWNER-8: with several processes, who is in the rooms others run comes from their owners.
  const board = ownership.distributed
    ? new PresenceBoard(platform, ownership.processId, options.leaseMs, () => engine.ownedRooms())
    : null;
  if (board) {
    engine.onChanged = (room) => board.changed(room);
    engine.onUnloaded = (roomUuid) => board.gone(roomUuid);
    await board.start();
  }
  const local = (roomUuid: string) => !board || engine.runs(roomUuid);
  const transport = new Transport(server, platform, options, router);
  await router.start(transport);
  const { metrics } = platform;
  metrics.gauge(
    'tt_socket_connections',
    'Room sockets open on this process',
    () => transport.connectionCount,
  );
  metrics.gauge(
    'tt_rooms_running',
    'Live rooms this process runs (owns)',
    () => [...engine.ownedRooms()].length,
  );
  metrics.gauge('tt_room_members', 'Members of the rooms this process runs', () => {
    let n = 0;
    for (const room of engine.ownedRooms()) n += room.members.size;
    return n;
  });
  transport.start();
  const afkDjs = new AfkDjWatch(engine, options.afkSweepMs, platform.log, platform.bus); // ROOM-RULES-7
  afkDjs.start();
  const liveAudio = new LiveAudioSocket(server, platform, router, [options.path]);
  await liveAudio.start();
  const unsubscribers = await subscribeDomainEvents(platform, engine, transport);
  const live: LiveRoomsSource = {
    roomState: (roomUuid) => router.roomState(roomUuid),
    presence: (roomUuid) => ({
      ...(local(roomUuid) ? engine.presence(roomUuid) : board!.presence(roomUuid)),
      // LIVE-AUDIO-11: someone on the live-audio mic now, on any process.
      liveAudioTalking: liveAudio.board.talking(roomUuid),
    }),
    occupancy: (roomUuid) =>
      local(roomUuid) ? engine.occupancy(roomUuid) : board!.occupancy(roomUuid),
    // The rooms this process runs are counted last: its own count is the freshest.
    headcounts: () => {
      const out = new Map<string, RoomHeadcount>();
      board?.headcounts(out);
      engine.headcounts(out);
      return out;
    },
    isInRoom: (roomUuid, userUuid) =>
      local(roomUuid) ? engine.isInRoom(roomUuid, userUuid) : board!.isInRoom(roomUuid, userUuid),
  };
  const rooms = requirePort(platform, 'rooms');
  const detachLive = rooms.attachLive(live);
  platform.ports.listening = {
    isListening: (userUuid, songShortId, graceMs) =>
      engine.isListening(userUuid, songShortId, graceMs) ||
      (board?.isListening(userUuid, songShortId, graceMs) ?? false),
  };
  platform.ports.liveAudio = {
    speakRefusal: (auth, roomUuid) => liveAudio.speakRefusal(auth, roomUuid),
    listen: (auth, roomUuid, out) => liveAudio.listen.open(auth, roomUuid, out),
  };
  const restored = await engine.restoreAll();
  if (restored) platform.log.info({ restored }, 'live rooms restored');
  return {
    engine,
    transport,
    router,
    liveAudio,
    options,
    live,
    async close() {
      afkDjs.stop();
      engine.beginClose();
      await liveAudio.stop();
      await transport.stop();
      await Promise.allSettled(unsubscribers.map((u) => u()));
      await router.close();
      await engine.close();
      await board?.close();
      // After the last writes: the next owner may take the rooms at once.
      await ownership.close();
      detachLive();
      platform.ports.listening = undefined;
      platform.ports.liveAudio = undefined;
    },
  };
}
