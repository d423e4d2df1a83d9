import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  communityEndpoints as c,
  eventEndpoints as e,
  notificationCentreEndpoints as n,
  roomEndpoints,
  roomRoleEndpoints as roles,
  type CreateEventReq,
  type RoomDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../realtime/test-kit';
import { createRoom, MISSING_TOKEN, uniqueSlug } from '../room/testing';

/** Events (docs/COMMUNITY-RULES.md, EVT-*): every route, each rule by ID, the reminder. */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let host: User;
let roomMod: User;
let fan: User;
let stranger: User;
let admin: User;
let guest: string;
let room: RoomDto;

const as = (u: User | string | null) =>
  s.as(u === null ? null : typeof u === 'string' ? u : u.token);
const MIN = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MIN).toISOString();
/** Events of one test never overlap those of another: each test takes its own hours. */
let slot = 0;
const nextSlot = () => 24 * 60 + 180 * slot++;
const schedule = (u: User, body: Partial<CreateEventReq> = {}, r: RoomDto = room) => {
  const start = nextSlot();
  return as(u).call(e.create, {
    body: {
      name: 'Friday Night House',
      roomId: r.uuid,
      startsAt: at(start),
      endsAt: at(start + 120),
      ...body,
    },
  });
};

beforeAll(async () => {
  s = await startTestServer({ EVENT_REMIND_EVERY: '1s' });
  [host, roomMod, fan, stranger] = await Promise.all([1, 2, 3, 4].map(() => s.createUser()));
  admin = await s.createUser({ roles: ['user', 'admin'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  room = await createRoom(s, host.token);
  await as(host).call(roles.create, {
    params: { roomId: room.uuid },
    body: { userUuid: roomMod.uuid, role: 'moderator' },
  });
});
afterAll(() => s.close());

describe('scheduling', () => {
  it('EVT-ROOM-1: the room’s owner and moderators schedule; others may not', async () => {
    const made = await schedule(roomMod, { description: 'All night', lineup: [host.uuid] });
    expect(made).toMatchObject({
      name: 'Friday Night House',
      description: 'All night',
      roomUuid: room.uuid,
      roomSlug: room.slug,
      hostUuid: roomMod.uuid,
      lineup: [host.uuid],
      status: 'upcoming',
      rsvpCount: 1,
      rsvped: true,
    });
    expect(made.slug).toMatch(/^friday-night-house/);
    await expectError(
      schedule(stranger),
      403,
      "Only the event's host, the room's owner, co-owners and moderators can do this.",
    );
    const byAdmin = await schedule(admin, { name: 'Admins may' });
    expect(byAdmin.hostUuid).toBe(admin.uuid);
  });

  it('EVT-TIME-1/2: sensible times only', async () => {
    const body = (startsAt: string, endsAt: string) =>
      as(host).call(e.create, { body: { name: 'Timing', roomId: room.uuid, startsAt, endsAt } });
    await expectError(body(at(60), at(50)), 400, /ends after it starts/);
    await expectError(body(at(60), at(65)), 400, /15 minutes to 24 hours/);
    await expectError(body(at(60), at(60 + 25 * 60)), 400);
    await expectError(body(at(400 * 24 * 60), at(400 * 24 * 60 + 60)), 400);
    await expectError(body(at(-60), at(30)), 400, 'An event cannot start in the past.');
    await expectError(body('tomorrow', at(30)), 400, /ISO date-time/);
  });

  it('EVT-OVERLAP-1: two events of one room may touch but not overlap', async () => {
    const start = nextSlot();
    await as(host).call(e.create, {
      body: { name: 'First set', roomId: room.uuid, startsAt: at(start), endsAt: at(start + 60) },
    });
    await expectError(
      as(host).call(e.create, {
        body: {
          name: 'Clash',
          roomId: room.uuid,
          startsAt: at(start + 30),
          endsAt: at(start + 90),
        },
      }),
      409,
      'Another event is scheduled in this room at that time.',
    );
    const after = await as(host).call(e.create, {
      body: {
        name: 'Second set',
        roomId: room.uuid,
        startsAt: at(start + 60),
        endsAt: at(start + 120),
      },
    });
    expect(after.status).toBe('upcoming');
  });

  it('refuses bad input, a missing or broken token and guests', async () => {
    await expectError(schedule(host, { name: 'x' }), 400, /at least 2 characters/);
    await expectError(schedule(host, { posterUrl: 'ftp://x.example/p.png' }), 400);
    await expectError(schedule(host, { lineup: ['not-a-uuid'] }), 400);
    await expectError(schedule(host, { roomId: uniqueSlug('none') }), 404, 'Room not found.');
    const start = nextSlot();
    const body = {
      name: 'No token',
      roomId: room.uuid,
      startsAt: at(start),
      endsAt: at(start + 60),
    };
    await expectError(as(null).call(e.create, { body }), 401, MISSING_TOKEN);
    await expectError(as('broken').call(e.create, { body }), 401);
    await expectError(as(guest).call(e.create, { body }), 403);
    await expectError(
      as(null).call(e.get, { params: { id: 'no-such-event' } }),
      404,
      'Event not found.',
    );
    await expectError(as(null).call(e.upcoming, { query: { limit: 101 } }), 400);
  });

  it('EVT-COMM-1: an event of a community happens in one of its rooms', async () => {
    const club = await as(host).call(c.create, { body: { name: 'Event Club' } });
    await expectError(
      schedule(host, { communityId: club.uuid }),
      400,
      'The room is not part of this community.',
    );
    await as(host).call(c.putRoom, { params: { id: club.uuid, roomId: room.uuid } });
    const made = await schedule(host, { communityId: club.slug });
    expect(made.communityUuid).toBe(club.uuid);
    const listed = await as(null).call(e.list, { query: { communityId: club.uuid } });
    expect(listed.events.map((x) => x.uuid)).toEqual([made.uuid]);
  });
});

describe('reading', () => {
  it('lists upcoming events soonest first, by slug, by room, and as a calendar file', async () => {
    const soon = await schedule(host, { name: 'Sunrise Session' });
    const up = await as(null).call(e.upcoming, { query: { roomId: room.slug, limit: 100 } });
    const times = up.events.map((x) => Date.parse(x.startsAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(up.events.map((x) => x.uuid)).toContain(soon.uuid);
    expect((await as(null).call(e.bySlug, { params: { slug: soon.slug } })).uuid).toBe(soon.uuid);
    expect((await as(fan).call(e.get, { params: { id: String(soon.id) } })).rsvped).toBe(false);
    const res = await fetch(`${s.url}/api/room-service/events/${soon.uuid}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await res.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:Sunrise Session`);
    expect(ics).toContain(`DTSTART:${soon.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('EVT-VIS-1: events of unlisted rooms stay out of public lists but open by link', async () => {
    const hidden = await createRoom(s, host.token, { unlisted: true });
    const made = await schedule(host, { name: 'Hidden Gig' }, hidden);
    const up = await as(null).call(e.upcoming, { query: { limit: 100 } });
    expect(up.events.map((x) => x.uuid)).not.toContain(made.uuid);
    expect((await as(null).call(e.get, { params: { id: made.uuid } })).name).toBe('Hidden Gig');
  });

  it('EVT-VIS-2: an event of a private community is for its members', async () => {
    const secret = await as(host).call(c.create, {
      body: { name: 'Secret Events', visibility: 'PRIVATE' },
    });
    await as(host).call(c.putRoom, { params: { id: secret.uuid, roomId: room.uuid } });
    const made = await schedule(host, { name: 'Members Only', communityId: secret.uuid });
    await expectError(as(stranger).call(e.get, { params: { id: made.uuid } }), 404);
    await expectError(as(stranger).call(e.list, { query: { communityId: secret.uuid } }), 404);
    expect((await as(host).call(e.list, { query: { communityId: secret.uuid } })).total).toBe(1);
    const up = await as(host).call(e.upcoming, { query: { limit: 100 } });
    expect(up.events.map((x) => x.uuid)).not.toContain(made.uuid);
  });

  it('the events of a deleted room leave every list and page', async () => {
    const doomed = await createRoom(s, host.token);
    const made = await schedule(host, { name: 'Last Dance' }, doomed);
    await as(host).call(roomEndpoints.delete, { params: { id: doomed.uuid } });
    await expectError(as(host).call(e.get, { params: { id: made.uuid } }), 404);
    const up = await as(host).call(e.list, { query: { hostUuid: host.uuid, limit: 100 } });
    expect(up.events.map((x) => x.uuid)).not.toContain(made.uuid);
    expect(up.events.length).toBe(up.total);
    const all = await as(admin).call(e.adminList, { query: { filter: ['name||$eq||Last Dance'] } });
    expect(all.total).toBe(0);
  });
});

describe('changing', () => {
  it('EVT-EDIT-1: the host, the room staff and admins change or cancel; others may not', async () => {
    const made = await schedule(roomMod, { name: 'Editable' });
    const moved = await as(host).call(e.update, {
      params: { id: made.uuid },
      body: { name: 'Edited', description: 'New words' },
    });
    expect(moved).toMatchObject({ name: 'Edited', description: 'New words' });
    await expectError(
      as(stranger).call(e.update, { params: { id: made.uuid }, body: { name: 'No' } }),
      403,
    );
    await expectError(as(stranger).call(e.remove, { params: { id: made.uuid } }), 403);
    await expectError(
      as(host).call(e.update, { params: { id: made.uuid }, body: { endsAt: made.startsAt } }),
      400,
    );
    await as(admin).call(e.remove, { params: { id: made.uuid } });
    await expectError(as(null).call(e.get, { params: { id: made.uuid } }), 404);
  });

  it('EVT-REMIND-1: remind me and not; counted', async () => {
    const made = await schedule(host, { name: 'Remind Me' });
    const on = await as(fan).call(e.rsvp, { params: { id: made.uuid } });
    expect(on).toMatchObject({ rsvped: true, rsvpCount: 2 });
    const again = await as(fan).call(e.rsvp, { params: { id: made.uuid } });
    expect(again.rsvpCount).toBe(2);
    const off = await as(fan).call(e.unrsvp, { params: { id: made.uuid } });
    expect(off).toMatchObject({ rsvped: false, rsvpCount: 1 });
    await expectError(as(guest).call(e.rsvp, { params: { id: made.uuid } }), 403);
    await expectError(as(null).call(e.rsvp, { params: { id: made.uuid } }), 401);
  });

  it('EVT-REMIND-2: when it starts, those who asked are notified once', async () => {
    const quiet = await createRoom(s, host.token);
    const made = await as(host).call(e.create, {
      body: { name: 'Starting Now', roomId: quiet.uuid, startsAt: at(120), endsAt: at(180) },
    });
    await as(fan).call(e.rsvp, { params: { id: made.uuid } });
    // EVT-REMIND-3: moving the start moves the reminder: here, to now.
    const moved = await as(host).call(e.update, {
      params: { id: made.uuid },
      body: { startsAt: at(0) },
    });
    expect(moved.status).toBe('live');
    await eventually(async () => {
      const list = (await as(fan).call(n.list, { query: { limit: 50 } })).notifications;
      const hits = list.filter(
        (x) => x.kind === 'eventStarted' && x.params.name === 'Starting Now',
      );
      expect(hits).toHaveLength(1);
      expect(hits[0].link).toBe(`/rooms/${quiet.slug}`);
    }, 30_000);
    // More sweeps announce nothing new.
    await new Promise((r) => setTimeout(r, 2500));
    const list = (await as(fan).call(n.list, { query: { limit: 50 } })).notifications;
    expect(list.filter((x) => x.kind === 'eventStarted')).toHaveLength(1);
    // Running now: the room's upcoming list starts with it.
    const up = await as(null).call(e.upcoming, { query: { roomId: quiet.uuid } });
    expect(up.events[0]).toMatchObject({ uuid: made.uuid, status: 'live' });
  });
});

describe('admin', () => {
  it('lists every event (qb) and reads one; others may not', async () => {
    const made = await schedule(host, { name: 'Admin Listed' });
    const page = await as(admin).call(e.adminList, {
      query: { filter: [`roomUuid||$eq||${room.uuid}`, 'name||$cont||Admin Listed'] },
    });
    expect(page.data.map((x) => x.uuid)).toEqual([made.uuid]);
    // The room's uuid (the room service's) filters and sorts like the event's own fields.
    const byRoom = await as(admin).call(e.adminList, {
      query: {
        filter: [`roomUuid||$starts||${room.uuid.slice(0, 8)}`, 'name||$cont||Admin Listed'],
        sort: ['roomUuid,DESC'],
      },
    });
    expect(byRoom.data.map((x) => x.roomUuid)).toEqual([room.uuid]);
    expect((await as(admin).call(e.adminGet, { params: { id: made.uuid } })).name).toBe(
      'Admin Listed',
    );
    await expectError(as(host).call(e.adminList, { query: {} }), 403);
    await expectError(as(null).call(e.adminGet, { params: { id: made.uuid } }), 401);
    await expectError(as(admin).call(e.adminList, { query: { sort: ['bogus,ASC'] } }), 400);
  });
});
