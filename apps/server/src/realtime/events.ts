import type { BusTopic, BusTopics } from '../platform/bus';
import type { Platform } from '../platform/service';
import type { RoomEngine } from './engine';
import type { Transport } from './transport';

/**
 * What REST changes mean for live rooms: settings and roles (updatedRoomSettings), kicks and bans
 * (kickedFromRoom, then the connection closes), profiles (updatedUserProfile), reset (roomReset).
 * Each process acts on the rooms and connections it holds, from live topics and the live twins
 * of work events (BUS-TWIN-1); what must last is done by the work's consumers.
 */
export async function subscribeDomainEvents(
  platform: Platform,
  engine: RoomEngine,
  transport: Transport,
): Promise<Array<() => Promise<void>>> {
  const unsubscribers: Array<() => Promise<void>> = [];
  const on = async <K extends BusTopic>(
    topic: K,
    handler: (payload: BusTopics[K]) => Promise<void> | void,
  ) => {
    unsubscribers.push(
      await platform.bus.subscribe(topic, async (payload: BusTopics[K]) => {
        try {
          await handler(payload);
        } catch (err) {
          platform.log.error({ err, topic }, 'realtime event handler failed');
        }
      }),
    );
  };
  const endSessions = async (uuid: string, reason: string) => {
    transport.kickUser(uuid, reason);
    await engine.removeEverywhere(uuid);
  };

  await on('room.settingsUpdated', (e) => engine.refreshSettings(e.roomUuid));
  await on('room.reset', (e) => engine.reset(e.roomUuid));
  await on('user.profileUpdated', (e) => engine.profileUpdated(e.uuid, e.profile));
  await on('live.room.rolesChanged', (e) => engine.refreshSettings(e.roomUuid));
  await on('live.room.userKicked', (e) => engine.kickFromRoom(e.roomUuid, e.userUuid, e.reason));
  await on('live.room.deleted', (e) => engine.deleted(e.roomUuid));
  await on('live.user.kicked', (e) => endSessions(e.uuid, e.reason));
  await on('live.user.banned', (e) => endSessions(e.uuid, e.reason || 'This account is banned'));
  await on('live.user.deactivated', (e) => endSessions(e.uuid, 'This account is deactivated'));
  return unsubscribers;
}
