import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, roomSettingsEndpoints, type RoomRules } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  expectInSync,
  giveRole,
  RoomClient,
  song,
  joinedRoom,
  startRealtimeServer,
} from './test-kit';

/** docs/ROOM-RULES.md ROOM-RULES-1..3, with the unmodified ttfm-socket SDK (refusals by code). */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const TOO_LONG = ERRORS.ROOM_RULE_SONG_TOO_LONG.message;
const REPEAT = ERRORS.ROOM_RULE_REPEAT.message;
const LOCKED = ERRORS.ROOM_RULE_BOOTH_LOCKED.message;
const CAP = ERRORS.ROOM_RULE_PLAYTIME_CAP.message;

/** A room of `n` people (the first owns it) with `rules`, everyone joined. */
const roomWith = (n: number, rules: RoomRules) =>
  joinedRoom(s, n, {
    settings: { numberOfDjs: 5 },
    prepare: (room, people) => setRules(people[0].token, room.uuid, rules),
  });

const setRules = (token: string, id: string, rules: RoomRules) =>
  s.as(token).call(roomSettingsEndpoints.rules, { params: { id }, body: { rules } });

describe('ROOM-RULES-1: maximum song length', () => {
  it('ROOM-RULES-1: a longer song is refused on addDj and updateNextSong; a shorter one plays', async () => {
    const { room, clients, close } = await roomWith(2, { maxSongSeconds: 60 });
    const [dj] = clients;
    expect(await dj.actionError('addDj', { song: song('Long', 300) })).toContain(TOO_LONG);
    expect(dj.state.djs).toHaveLength(0);
    await dj.action('addDj', { song: song('Short', 60) });
    await expect.poll(() => clients[1].state.nowPlaying?.song.trackName).toBe('Short');
    expect(await dj.actionError('updateNextSong', { song: song('Long', 300) })).toContain(TOO_LONG);
    await dj.action('updateNextSong', { song: song('Next', 30) });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('ROOM-RULES-1: a song queued before the rule is passed over when its turn comes', async () => {
    const { room, people, clients, close } = await roomWith(3, {});
    const [owner, a, b] = clients;
    await a.action('addDj', { song: song('First', 300) });
    await b.action('addDj', { song: song('Queued long', 300) });
    await setRules(people[0].token, room.uuid, { maxSongSeconds: 120 });
    await expect.poll(() => owner.state.settings.rules?.maxSongSeconds).toBe(120);
    await a.action('skipSong');
    await expect.poll(() => owner.state.nowPlaying).toBeNull();
    expect(owner.state.djs.map((d) => d.nextSong)).toEqual([null, null]);
    await b.action('updateNextSong', { song: song('Fits', 100) });
    await expect.poll(() => owner.state.nowPlaying?.song.trackName).toBe('Fits');
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('ROOM-RULES-2: no repeat within the last N plays', () => {
  it('ROOM-RULES-2: a song among the last N plays is refused; another one is allowed', async () => {
    const { room, clients, close } = await roomWith(2, { noRepeatPlays: 3 });
    const [a, b] = clients;
    await a.action('addDj', { song: song('Hit', 300) });
    await expect.poll(() => b.state.nowPlaying?.song.trackName).toBe('Hit');
    expect(await a.actionError('updateNextSong', { song: song('Hit', 300) })).toContain(REPEAT);
    expect(await b.actionError('addDj', { song: song('Hit', 200) })).toContain(REPEAT);
    expect(b.state.djs).toHaveLength(1);
    await b.action('addDj', { song: song('Other', 200) });
    await a.action('updateNextSong', { song: song('Fresh', 300) });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('ROOM-RULES-2: a song played here in the last N hours is refused', async () => {
    const { room, clients, close } = await roomWith(2, { noRepeatHours: 1 });
    const [a, b] = clients;
    await a.action('addDj', { song: song('Hour hit', 300) });
    await expect.poll(() => b.state.nowPlaying?.song.trackName).toBe('Hour hit');
    expect(await b.actionError('addDj', { song: song('Hour hit', 200) })).toContain(REPEAT);
    await b.action('addDj', { song: song('Not yet played', 200) });
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('ROOM-RULES-6: playtime per DJ per hour', () => {
  it("ROOM-RULES-6: a song past the DJ's minutes for the hour is refused; one that fits is queued", async () => {
    const { room, clients, close } = await roomWith(2, { djMinutesPerHour: 10 });
    const [a, b] = clients;
    expect(await a.actionError('addDj', { song: song('Too much', 601) })).toContain(CAP);
    await a.action('addDj', { song: song('Six minutes', 360) });
    await expect.poll(() => b.state.nowPlaying?.song.trackName).toBe('Six minutes');
    expect(await a.actionError('updateNextSong', { song: song('Five', 300) })).toContain(CAP);
    await a.action('updateNextSong', { song: song('Four', 240) });
    await b.action('addDj', { song: song('Ten for b', 600) }); // b's own hour
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('ROOM-RULES-3: booth lock', () => {
  it('ROOM-RULES-3: only listed people and the room staff take a seat', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => s.createUser()));
    const [owner, listed, , host] = people;
    const room = await createRoom(s, owner.token, { numberOfDjs: 5 });
    await setRules(owner.token, room.uuid, { boothLock: [listed.uuid] });
    await giveRole(s, owner.token, room.uuid, host.uuid, 'moderator');
    const clients: RoomClient[] = [];
    for (const p of people) clients.push(await RoomClient.join(s, p, room.uuid));
    expect(await clients[2].actionError('addDj', { song: song('Nope', 30) })).toContain(LOCKED);
    await clients[1].action('addDj', { song: song('Listed', 30) });
    await clients[0].action('addDj');
    await clients[3].action('addDj');
    await expect
      .poll(() => clients[2].state.djs.map((d) => d.uuid))
      .toEqual([listed.uuid, owner.uuid, host.uuid]);
    // Unlocked: anyone may sit again.
    await setRules(owner.token, room.uuid, {});
    await expect.poll(() => clients[2].state.settings.rules).toBeUndefined();
    await clients[2].action('addDj');
    await expectInSync(clients, room.uuid);
    clients.forEach((c) => c.disconnect());
  });
});

describe('ROOM-RULES-4: auto-skip on a dislike share', () => {
  it('ROOM-RULES-4: below the share the song plays on; reaching it skips the song', async () => {
    const { room, clients, close } = await roomWith(4, { dislikeSkipShare: 0.6 });
    const [dj, a, b, c] = clients;
    await dj.action('addDj', { song: song('Divisive', 300) });
    await expect.poll(() => c.state.nowPlaying?.song.trackName).toBe('Divisive');
    await a.action('voteOnSong', { songVotes: { like: false } });
    await expect.poll(() => c.state.voteCounts.dislikes).toBe(1);
    expect(c.state.nowPlaying?.song.trackName).toBe('Divisive'); // 1 of 3 < 0.6
    await b.action('voteOnSong', { songVotes: { like: false } }); // 2 of 3 >= 0.6
    await expect.poll(() => c.state.nowPlaying).toBeNull();
    await expectInSync(clients, room.uuid);
    close();
  });
});

const NOT_NEW = ERRORS.ROOM_RULE_NOT_NEW.message;
const FROZEN = ERRORS.ROOM_RULE_BOOTH_FROZEN.message;

describe('ROOM-RULES-8: new tracks only', () => {
  it('ROOM-RULES-8: a song ever played in the room is refused on addDj and updateNextSong', async () => {
    const { room, people, clients, close } = await roomWith(3, {});
    const [owner, a, b] = clients;
    await a.action('addDj', { song: song('Old', 1) }); // played out before the rule
    await expect.poll(() => owner.state.nowPlaying?.song.trackName).toBe('Old');
    await expect.poll(() => owner.state.nowPlaying, { timeout: 10_000 }).toBeNull();
    await setRules(people[0].token, room.uuid, { newTracksOnly: true });
    await expect.poll(() => owner.state.settings.rules?.newTracksOnly).toBe(true);
    expect(await b.actionError('addDj', { song: song('Old', 200) })).toContain(NOT_NEW);
    expect(b.state.djs.map((d) => d.uuid)).toEqual([people[1].uuid]);
    await a.action('updateNextSong', { song: song('Fresh', 300) });
    await expect.poll(() => owner.state.nowPlaying?.song.trackName).toBe('Fresh');
    expect(await b.actionError('addDj', { song: song('Fresh', 200) })).toContain(NOT_NEW);
    expect(await a.actionError('updateNextSong', { song: song('Old', 30) })).toContain(NOT_NEW);
    await b.action('addDj', { song: song('Never played', 200) });
    await a.action('updateNextSong', { song: song('Also new', 30) });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('ROOM-RULES-8: a song queued before the rule and played since is passed over at its turn', async () => {
    const { room, people, clients, close } = await roomWith(3, {});
    const [owner, a, b] = clients;
    await a.action('addDj', { song: song('Twice', 300) });
    await expect.poll(() => owner.state.nowPlaying?.song.trackName).toBe('Twice');
    await b.action('addDj', { song: song('Twice', 300) });
    await setRules(people[0].token, room.uuid, { newTracksOnly: true });
    await expect.poll(() => owner.state.settings.rules?.newTracksOnly).toBe(true);
    await a.action('skipSong');
    await expect.poll(() => owner.state.nowPlaying).toBeNull();
    expect(owner.state.djs.map((d) => [d.uuid, d.nextSong])).toEqual([
      [people[2].uuid, null],
      [people[1].uuid, null],
    ]);
    await b.action('updateNextSong', { song: song('Brand new', 100) });
    await expect.poll(() => owner.state.nowPlaying?.song.trackName).toBe('Brand new');
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('ROOM-RULES-9: frozen booth', () => {
  it('ROOM-RULES-9: nobody new takes a seat but the room staff; seated DJs keep seat and turn', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => s.createUser()));
    const [owner, seated, , host, djRole] = people;
    const room = await createRoom(s, owner.token, { numberOfDjs: 5 });
    await giveRole(s, owner.token, room.uuid, host.uuid, 'moderator');
    await giveRole(s, owner.token, room.uuid, djRole.uuid, 'dj');
    const clients: RoomClient[] = [];
    for (const p of people) clients.push(await RoomClient.join(s, p, room.uuid));
    const [o, d, p, h, r] = clients;
    await d.action('addDj', { song: song('Seated', 300) });
    await expect.poll(() => o.state.nowPlaying?.song.trackName).toBe('Seated');
    await setRules(owner.token, room.uuid, { boothFrozen: true });
    await expect.poll(() => p.state.settings.rules?.boothFrozen).toBe(true);
    expect(await p.actionError('addDj', { song: song('Nope', 30) })).toContain(FROZEN);
    expect(await r.actionError('addDj')).toContain(FROZEN); // a room DJ role is not staff
    await h.action('addDj', { song: song('Host', 30) });
    await o.action('addDj');
    await d.action('updateNextSong', { song: song('Still mine', 30) });
    await expect
      .poll(() => p.state.djs.map((x) => x.uuid))
      .toEqual([seated.uuid, host.uuid, owner.uuid]);
    expect(p.state.nowPlaying?.song.trackName).toBe('Seated');
    await setRules(owner.token, room.uuid, {});
    await expect.poll(() => p.state.settings.rules).toBeUndefined();
    await p.action('addDj');
    await expectInSync(clients, room.uuid);
    clients.forEach((c) => c.disconnect());
  });
});
