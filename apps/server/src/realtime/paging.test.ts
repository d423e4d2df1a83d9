import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ClientRoomState, Operation, RoomUsersPage } from '@tt/protocol';
import { applyPagedStatePatch, mergeUsersPage } from '@tt/room-client';
import type { TestServer } from '../../test/harness';
import { pagedFrame } from './paging';
import * as kit from './test-kit';

const { createRoom, eventually, RawSocket, RoomClient, song, startRealtimeServer } = kit;
type RawSocket = kit.RawSocket;
type RoomClient = kit.RoomClient;

/**
 * ROOM-PAGE-1…3: a client may ask for the room's users in pages; an unmodified SDK client still
 * gets them all; broadcast patches never fail on a paging client. PROTO-DEFLATE-1: compression.
 */
let s: TestServer;
let owner: { uuid: string; token: string };
let roomUuid: string;
const full: RoomClient[] = [];
beforeAll(async () => {
  s = await startRealtimeServer();
  owner = await s.createUser();
  roomUuid = (await createRoom(s, owner.token)).uuid;
  for (let i = 0; i < 5; i++) full.push(await RoomClient.join(s, await s.createUser(), roomUuid));
  await full[3].action('addDj', { song: song('paged') });
});
afterAll(async () => {
  for (const c of full) c.disconnect();
  await s?.close();
});

/** A paging client on a raw socket: the paged state, every later patch applied as room-client does. */
class PagedClient {
  state!: ClientRoomState;
  usersPage!: { total: number; nextOffset: number | null };
  errors: string[] = [];
  private seen = 0;
  private id = 100;
  constructor(
    readonly raw: RawSocket,
    readonly uuid: string,
  ) {}

  static async join(user: { uuid: string; token: string }, usersLimit: number) {
    const c = new PagedClient(await RawSocket.open(s, user.token), user.uuid);
    const answer = await c.ask({ action: 'joinRoom', roomUuid, usersLimit });
    c.state = answer.state;
    c.usersPage = answer.usersPage;
    c.seen = c.raw.frames.indexOf(answer) + 1;
    return c;
  }

  async ask(params: Record<string, unknown>): Promise<any> {
    const messageId = ++this.id;
    this.raw.send({ event: 'action', params, messageId });
    return this.raw.next((f) => f?.messageId === messageId);
  }

  /** Applies the broadcasts received since the last call; a page answer merges in its place. */
  catchUp(): void {
    for (const f of this.raw.frames.slice(this.seen) as any[]) {
      this.seen++;
      if (f?.context === 'response' && f.allUsers) {
        this.state = mergeUsersPage(this.state, f as RoomUsersPage);
      }
      const patch = f?.message?.statePatch as Operation[] | undefined;
      if (!patch) continue;
      try {
        this.state = applyPagedStatePatch(this.state, patch).state;
      } catch (err) {
        this.errors.push(`${f.message.name}: ${(err as Error).message}`);
      }
    }
  }
}

const uuids = (list: { uuid: string }[]) => list.map((u) => u.uuid).sort();

describe('ROOM-PAGE-1, ROOM-PAGE-2: the users in pages', () => {
  it('an unmodified SDK join gets every user and no usersPage', () => {
    const last = full[4];
    expect(last.joinResult.usersPage).toBeUndefined();
    expect(last.state.allUsers.map((u) => u.uuid)).toEqual(full.map((c) => c.uuid));
    expect(Object.keys(last.state.allUserData)).toHaveLength(5);
  });

  it('an opt-in join gets the first page, the DJs and itself, and a total; getRoomUsers brings the rest', async () => {
    const me = await s.createUser();
    const p = await PagedClient.join(me, 2);
    const everyone = [...full.map((c) => c.uuid), me.uuid];
    expect(p.usersPage).toEqual({ total: 6, nextOffset: 2 });
    expect(Object.keys(p.state).sort()).toEqual(Object.keys(full[0].state).sort());
    // The first two, the DJ (4th to arrive) and itself, in arrival order.
    const held = [everyone[0], everyone[1], everyone[3], me.uuid];
    expect(p.state.allUsers.map((u) => u.uuid)).toEqual(held);
    expect(Object.keys(p.state.allUserData).sort()).toEqual([...held].sort());
    expect(p.state.djs.map((d) => d.uuid)).toEqual([everyone[3]]);
    expect(p.state.floorUsers.map((u) => u.uuid)).not.toContain(everyone[3]);

    const page = await p.ask({ action: 'getRoomUsers', roomUuid, offset: 2, limit: 2 });
    expect(page).toMatchObject({ status: 'OK', total: 6, nextOffset: 4 });
    expect(page.allUsers.map((u: { uuid: string }) => u.uuid)).toEqual(everyone.slice(2, 4));
    expect(Object.keys(page.allUserData).sort()).toEqual(everyone.slice(2, 4).sort());
    const last = await p.ask({ action: 'getRoomUsers', roomUuid, offset: 4 });
    expect(last).toMatchObject({ total: 6, nextOffset: null });
    p.catchUp();
    expect(uuids(p.state.allUsers)).toEqual([...everyone].sort());
    expect(uuids(p.state.floorUsers)).toEqual(everyone.filter((u) => u !== everyone[3]).sort());
    expect(p.errors).toEqual([]);
    p.raw.close();
  });

  it('bad paging params are refused with a code; a room not joined is refused', async () => {
    const me = await s.createUser();
    const raw = await RawSocket.open(s, me.token);
    const ask = async (params: Record<string, unknown>, messageId: number) => {
      raw.send({ event: 'action', params, messageId });
      return raw.next((f) => f?.messageId === messageId);
    };
    expect(await ask({ action: 'getRoomUsers', roomUuid }, 1)).toMatchObject({
      code: 'ROOM_NOT_JOINED',
      error: 'Join the room first',
    });
    expect(await ask({ action: 'joinRoom', roomUuid, usersLimit: 501 }, 2)).toMatchObject({
      code: 'SOCKET_INVALID_PARAMS',
      error: expect.stringMatching(/^Invalid params: usersLimit: /),
    });
    expect(await ask({ action: 'joinRoom', roomUuid, usersLimit: 3 }, 3)).toMatchObject({
      status: 'OK',
    });
    for (const [bad, id] of [
      [{ limit: 0 }, 4],
      [{ limit: 'ten' }, 5],
      [{ offset: -1 }, 6],
      [{ offset: 1.5 }, 7],
    ] as const) {
      expect(await ask({ action: 'getRoomUsers', roomUuid, ...bad }, id)).toMatchObject({
        code: 'SOCKET_INVALID_PARAMS',
      });
    }
    expect(raw.closed).toBe(false);
    raw.close();
  });
});

describe('ROOM-PAGE-3: broadcast patches on a paging client', () => {
  it('leaves, seat changes and joins of users it may not hold never fail; full clients are unaffected', async () => {
    const watcher = await s.createUser();
    const p = await PagedClient.join(watcher, 1);
    const outside = full[2]; // not in its page
    const inside = full[0]; // the first user: in its page
    const newcomer = await RoomClient.join(s, await s.createUser(), roomUuid);
    // Someone outside its page leaves, the newcomer (appended to it) leaves, the DJ steps down
    // (back to the audience), and the first user (in its page) leaves.
    outside.disconnect();
    newcomer.disconnect();
    await full[3].action('removeDj');
    inside.disconnect();
    const gone = [inside.uuid, outside.uuid, newcomer.uuid];
    await eventually(() => {
      for (const uuid of gone) expect(uuids(full[1].state.allUsers)).not.toContain(uuid);
    });
    await eventually(() => {
      p.catchUp();
      for (const uuid of gone) expect(uuids(p.state.allUsers)).not.toContain(uuid);
    });
    expect(p.errors).toEqual([]);
    // ROOM-PAGE-4: the newcomer (no room role) never reached its state: no userJoined names it.
    const named = (p.raw.frames as any[]).filter(
      (f) => f?.message?.name === 'userJoined' && JSON.stringify(f).includes(newcomer.uuid),
    );
    expect(named).toEqual([]);
    const fullUsers = new Set(full[1].state.allUsers.map((u) => u.uuid));
    for (const u of p.state.allUsers) expect(fullUsers.has(u.uuid)).toBe(true);
    for (const u of p.state.audienceUsers) expect(fullUsers.has(u.uuid)).toBe(true);
    expect(p.state.djs).toEqual(full[1].state.djs);
    for (const c of [full[1], full[4]]) expect(c.patchErrors).toEqual([]);
    p.raw.close();
  });
});

describe('ROOM-PAGE-4: a page that holds the whole room', () => {
  it('follows every join, as a full client does (a small room looks the same with or without paging)', async () => {
    const p = await PagedClient.join(await s.createUser(), 100);
    expect(p.usersPage.nextOffset).toBeNull();
    const newcomer = await RoomClient.join(s, await s.createUser(), roomUuid);
    await eventually(() => {
      p.catchUp();
      expect(uuids(p.state.allUsers)).toContain(newcomer.uuid);
    });
    expect(p.errors).toEqual([]);
    newcomer.disconnect();
    await eventually(() => {
      p.catchUp();
      expect(uuids(p.state.allUsers)).not.toContain(newcomer.uuid);
    });
    p.raw.close();
  });
});

describe('PROTO-DEFLATE-1: permessage-deflate', () => {
  it('is negotiated when the client offers it, and not otherwise', async () => {
    const url = `${s.url.replace('http', 'ws')}/primus?token=${encodeURIComponent(owner.token)}`;
    const accepted: (string | undefined)[] = [];
    const open = (perMessageDeflate: boolean) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate });
        ws.once('upgrade', (res) => accepted.push(res.headers['sec-websocket-extensions']));
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const offered = await open(true);
    expect(offered.extensions).toBe('permessage-deflate');
    expect(accepted[0]).toContain('server_no_context_takeover');
    expect(accepted[0]).toContain('server_max_window_bits=10');
    const plain = await open(false);
    expect(plain.extensions).toBe('');
    expect(accepted[1]).toBeUndefined();
    // A compressed join answer reads the same as a plain one.
    const join = (ws: WebSocket) =>
      new Promise<any>((resolve) => {
        ws.on('message', (d) => {
          const f = JSON.parse(d.toString());
          if (f?.messageId === 1) resolve(f);
        });
        ws.send(
          JSON.stringify({
            event: 'action',
            params: { action: 'joinRoom', roomUuid },
            messageId: 1,
          }),
        );
      });
    const [a, b] = await Promise.all([join(offered), join(plain)]);
    expect(uuids(a.state.allUsers)).toEqual(uuids(b.state.allUsers));
    offered.close();
    plain.close();
  });
});

describe('ROOM-PAGE-4: userJoined for paging connections', () => {
  const frame = (ops: unknown[]) =>
    JSON.stringify({
      message: { name: 'userJoined', statePatch: ops },
      room: 'r',
      context: 'user',
    });
  const joined = (uuid: string, highestRole?: string) => [
    { op: 'add', path: `/allUserData/${uuid}`, value: { position: { x: 1, y: 1 } } },
    {
      op: 'add',
      path: '/allUsers/-',
      value: { uuid, tokenRole: 'user', canDj: true, highestRole },
    },
    { op: 'add', path: '/audienceUsers/-', value: { uuid, tokenRole: 'user', canDj: true } },
  ];

  it('leaves out newcomers without a room role, keeps moderators, passes other messages as they are', () => {
    expect(pagedFrame(frame(joined('u1')))).toBeNull();
    const kept = JSON.parse(pagedFrame(frame([...joined('u1'), ...joined('m1', 'moderator')]))!);
    expect(kept.message.statePatch).toEqual(
      JSON.parse(frame(joined('m1', 'moderator'))).message.statePatch,
    );
    const vote = JSON.stringify({ message: { name: 'votedOnSong', statePatch: [] } });
    expect(pagedFrame(vote)).toBe(vote);
  });
});
