import { expect } from 'vitest';
import {
  roomEndpoints,
  type ClientRoomState,
  type CreateRoomReq,
  type MinimalSongDto,
  type RoomDto,
} from '@tt/protocol';
import { expectError, type TestServer } from '../../../test/harness';
import type { BusTopic, BusTopics } from '../../platform/bus';
import type { WorkEvents, WorkTopic } from '../../platform/events';
import { nextWork as nextWorkIn } from '../../platform/outbox/testing';
import type { Occupancy } from '@tt/rules';
import type { LiveRoomsSource, RoomHeadcount, RoomPresence } from '../../platform/ports';

/** Test helpers for the room service (imported by its tests only). */

export const UNKNOWN_UUID = '0e0a6f3c-1111-4222-8333-944445555666';

export const MISSING_TOKEN = 'Missing bearer token';
export const GUEST_REFUSED = 'Guests cannot perform this action, please log in';
export const ROLE_REFUSED = 'You do not have the role this action needs';
export const ROOM_NOT_FOUND = 'Room not found.';
export const MANAGE_REFUSED = 'Only the owner and co-owners of this room can change it.';
export const MODERATE_REFUSED =
  'Only the owner, co-owners and moderators of this room can do this.';
export const OWNER_ONLY = 'Only the owner of this room or an admin can do this.';

let counter = 0;
/** A slug no other test uses. */
export const uniqueSlug = (tag = 'room') =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export async function createRoom(
  s: TestServer,
  token: string,
  body: Partial<CreateRoomReq> = {},
): Promise<RoomDto> {
  return s.as(token).call(roomEndpoints.create, {
    body: { name: 'Test Room', slug: uniqueSlug(), ...body },
  });
}

export const song = (trackName = 'Song', duration = 180): MinimalSongDto => ({
  artistName: 'Artist',
  trackName,
  genre: null,
  duration,
  isrc: null,
  musicProviders: { youtube: `yt-${trackName}` },
  playbackToken: null,
  thumbnails: {},
});

/**
 * A stand-in for the realtime engine (a LiveRoomsSource): presence and state set by the test.
 * Attached to the room service's live read model, replacing the real one for the rest of the file.
 */
export class FakeRealtime implements LiveRoomsSource {
  presences = new Map<string, RoomPresence>();
  states = new Map<string, ClientRoomState>();
  guests = new Map<string, number>();

  static install(s: TestServer): FakeRealtime {
    const fake = new FakeRealtime();
    s.app.platform.ports.rooms!.attachLive(fake);
    return fake;
  }

  set(roomUuid: string, presence: Partial<RoomPresence>, guests = 0): void {
    this.presences.set(roomUuid, { userUuids: [], djUuids: [], song: null, ...presence });
    this.guests.set(roomUuid, guests);
  }

  async roomState(roomUuid: string): Promise<ClientRoomState | null> {
    return this.states.get(roomUuid) ?? null;
  }

  presence(roomUuid: string): RoomPresence {
    return this.presences.get(roomUuid) ?? { userUuids: [], djUuids: [], song: null };
  }

  occupancy(roomUuid: string): Occupancy {
    return {
      users: this.presence(roomUuid).userUuids.length,
      guests: this.guests.get(roomUuid) ?? 0,
    };
  }

  isInRoom(roomUuid: string, userUuid: string): boolean {
    return this.presence(roomUuid).userUuids.includes(userUuid);
  }

  headcounts(): Map<string, RoomHeadcount> {
    const out = new Map<string, RoomHeadcount>();
    for (const [uuid, p] of this.presences) {
      if (p.userUuids.length || p.djUuids.length) {
        out.set(uuid, { users: p.userUuids.length, djs: p.djUuids.length });
      }
    }
    return out;
  }
}

/** Waits (generously) for the next live event on `topic` that matches; subscribe before acting. */
export async function nextEvent<T extends BusTopic>(
  s: TestServer,
  topic: T,
  match: (p: BusTopics[T]) => boolean = () => true,
): Promise<{ received: Promise<BusTopics[T]> }> {
  let resolve!: (p: BusTopics[T]) => void;
  let reject!: (e: Error) => void;
  const received = new Promise<BusTopics[T]>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const timer = setTimeout(() => reject(new Error(`no ${topic} event within 10 s`)), 10_000);
  const off = await s.app.platform.bus.subscribe(topic, (p) => {
    if (match(p)) resolve(p);
  });
  return {
    received: received.finally(() => {
      clearTimeout(timer);
      void off();
    }),
  };
}

/** Waits (generously) for the next work event of `topic` that matches; call it before acting. */
export function nextWork<K extends WorkTopic>(
  s: TestServer,
  topic: K,
  match: (p: WorkEvents[K]) => boolean = () => true,
): Promise<{ received: Promise<WorkEvents[K]> }> {
  return nextWorkIn(s.app.platform.db, topic, match);
}

/** Collects every live event on `topic` from now on. */
export async function recordEvents<T extends BusTopic>(s: TestServer, topic: T) {
  const events: BusTopics[T][] = [];
  const off = await s.app.platform.bus.subscribe(topic, (p) => {
    events.push(p);
  });
  return { events, stop: off };
}

/** Expects a 400 whose message list is exactly `messages`. */
export async function expectInvalid(promise: Promise<unknown>, ...messages: string[]) {
  const body = await expectError(promise, 400, messages[0]);
  expect(body.message).toEqual(messages);
}

/** A clock the test moves by hand: nothing sleeps. */
export function manualClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}
