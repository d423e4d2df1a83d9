import type { Server } from 'node:http';
import type { Platform } from '../platform/service';
import { RoomEngine } from './engine';
import { subscribeDomainEvents } from './events';
import { limitsFromConfig, realtimeOptions, type RealtimeOptions } from './options';
import { Transport } from './transport';
import { roomTopic } from './wire';

export type { RealtimeOptions } from './options';

export interface Realtime {
  engine: RoomEngine;
  transport: Transport;
  options: RealtimeOptions;
  close(): Promise<void>;
}

/**
 * Starts the room socket on the HTTP server: the transport at /primus, the live room engine, the
 * domain-event subscriptions, `platform.ports.realtime`; then brings back the rooms that had live
 * state when the previous process stopped (their end-of-song timers re-armed).
 */
export async function startRealtime(
  server: Server,
  platform: Platform,
  overrides: Partial<RealtimeOptions> = {},
): Promise<Realtime> {
  const options = realtimeOptions({ ...limitsFromConfig(platform.config), ...overrides });
  const engine = new RoomEngine(platform, options, (roomUuid, message) => {
    platform.bus
      .publish(roomTopic(roomUuid), message)
      .catch((err) => platform.log.error({ err, room: roomUuid }, 'realtime publish failed'));
  });
  const transport = new Transport(server, platform, options, engine);
  transport.start();
  const unsubscribers = await subscribeDomainEvents(platform, engine, transport);
  platform.ports.realtime = {
    roomState: async (roomUuid) => engine.state(roomUuid),
    presence: (roomUuid) => engine.presence(roomUuid),
    occupancy: (roomUuid) => engine.occupancy(roomUuid),
    isInRoom: (roomUuid, userUuid) => engine.isInRoom(roomUuid, userUuid),
  };
  platform.ports.listening = {
    isListening: (userUuid, songShortId, graceMs) =>
      engine.isListening(userUuid, songShortId, graceMs),
  };
  if (platform.ports.rooms) {
    const restored = await engine.restoreAll();
    if (restored) platform.log.info({ restored }, 'live rooms restored');
  } else {
    platform.log.warn('realtime started without the room service port');
  }
  return {
    engine,
    transport,
    options,
    async close() {
      engine.beginClose();
      await transport.stop();
      await Promise.allSettled(unsubscribers.map((u) => u()));
      await engine.close();
      platform.ports.realtime = undefined;
      platform.ports.listening = undefined;
    },
  };
}
