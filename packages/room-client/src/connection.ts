import {
  SOCKET_ACTIONS,
  type AnySocketAction,
  type ClientRoomState,
  type CustomServerMessage,
  type JoinRoomResult,
  type RoomUsersPage,
  type SocketActionInput,
  type SocketActionResult,
} from '@tt/protocol';
import { ActionError } from './actions';
import { OneTimeAnimations } from './connection-animations';
import type { RoomConnectionOptions } from './connection-options';
import { writeCurrentRoom } from './currentRoom';
import type { Gateway } from './gateway';
import { applyStatePatch } from './patch';
import { applyPagedStatePatch, mergeUsersPage } from './paging';
import { defaultTimers, type Timers } from './primus';
import type { RoomStoreApi, RoomStoreState } from './store';
import { ClockEstimator } from './clock';
import { ClockSyncer } from './clock-sync';

export type { RoomConnectionOptions } from './connection-options';

/** ROOM-RULES-7: actions that are not acts in the room (they leave an AFK warning standing). */
const PASSIVE_ACTIONS = new Set<string>(['joinRoom', 'getRoomUsers', 'clockSync']);

/**
 * How the client keeps its room connection over the app's one socket (the Gateway): join and take
 * the full state, then apply each statePatch with validation. A patch that does not apply is
 * logged and answered by a rejoin; a reconnect of the socket rejoins; roomReset rejoins after a
 * random delay of up to 2 s; kickedFromRoom leaves the room and keeps the reason. Leaving says
 * `roomLeave` and lets go of the socket, which stays open for the chat. The room state lives in
 * the store; this class is its only writer.
 */
export class RoomConnection {
  private readonly gateway: Gateway;
  private unsubscribe: (() => void)[] = [];
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly log: (message: string, detail?: unknown) => void;
  private joinSeq = 0;
  private joining = false;
  /** The joinRoom on its way, if any (a leave repeats itself once it is answered). */
  private pendingJoin: Promise<unknown> | null = null;
  /** The state held is a page of the users (the last join asked for one and got it). */
  private paged = false;
  private loadingUsers = false;
  private stopped = false;
  private resetTimer: unknown = null;
  /** The one-time animations on the avatars (connection-animations.ts). */
  private readonly animations: OneTimeAnimations;
  /** SYNC-1..3: the server clock from the join round trips and the heartbeats. */
  private readonly clock = new ClockEstimator();
  /** SYNC-6: more round trips (clockSync) after each join. */
  private readonly clockSync: ClockSyncer;

  constructor(private readonly opts: RoomConnectionOptions) {
    this.timers = opts.timers ?? defaultTimers;
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.log = opts.log ?? ((m, d) => console.error(`[room] ${m}`, d ?? ''));
    this.gateway = opts.gateway;
    this.animations = new OneTimeAnimations(opts, this.timers);
    this.clockSync = new ClockSyncer({
      timers: this.timers,
      now: this.now,
      schedule: opts.clockSync,
      send: (onAnswer) => this.action(SOCKET_ACTIONS.clockSync, {}, onAnswer),
      onRoundTrip: (t0, serverTime, t1) => {
        this.clock.addRoundTrip(t0, serverTime, t1);
        this.set(this.clockState());
      },
    });
  }

  get roomUuid(): string {
    return this.opts.roomUuid;
  }

  get slug(): string {
    return this.opts.slug;
  }

  start(): void {
    this.opts.store.setState({
      slug: this.opts.slug,
      roomUuid: this.opts.roomUuid,
      status: 'connecting',
      state: null,
      error: null,
      errorCode: null,
      kickReason: null,
      animations: {},
      usersPage: null,
    });
    const g = this.gateway;
    this.unsubscribe = [
      g.on('open', ({ reconnected }) => this.join(reconnected ? 'reconnect' : 'open')),
      // SYNC-2: a heartbeat is a one-way reading (a lower bound of the offset).
      g.on('ping', (serverTime) => {
        this.clock.addOneWay(serverTime, this.now());
        this.set(this.clockState());
      }),
      g.on('reconnecting', () => this.set({ status: 'reconnecting' })),
      // The socket is over (closed for good by the server, or no token to follow any more).
      g.on('end', () => {
        const { status } = this.opts.store.getState();
        this.detach();
        if (status !== 'kicked') this.set({ status: 'closed' });
      }),
      g.actions.onMessage((m, room) => {
        // GATEWAY-CLIENT-2: the socket may still carry a room this connection left, or the next one.
        if (room === null || room === this.opts.roomUuid) this.onMessage(m);
      }),
      // A socket limit or flooding: the server closes next; the reason stays for the room page.
      g.actions.onNotice((n) => this.set({ error: n.error, errorCode: n.code })),
    ];
    if (g.isOpen) this.join('open');
    else if (g.isEndedByServer) {
      // The server closed the socket for good (a revoked session): no room until a new token.
      this.detach();
      this.set({ status: 'closed' });
    }
  }

  /**
   * Leaves the room for good. ROOM-LEAVE-1: it says so first (`roomLeave`), so the others see
   * the person go at once; a socket that merely drops (a reload, a lost network) keeps its place
   * for the server's grace period instead. GATEWAY-CLIENT-2: the socket stays open (the chat is on it).
   */
  stop(): void {
    if (this.stopped) return;
    const leave = { event: 'roomLeave', room: this.opts.roomUuid, messageId: 'leave' };
    this.gateway.write(leave);
    // GATEWAY-CLIENT-2: a join still on its way may land after the leave (the server handles a
    // socket's frames concurrently): once it is answered, the leave is said again.
    this.pendingJoin?.then(
      () => this.gateway.write(leave),
      () => undefined,
    );
    this.detach();
  }

  /** Lets go of the socket: no more frames, timers or joins for this room. */
  private detach() {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimers();
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  /**
   * Sends an action of the registry for this room: `{ action: def.name, roomUuid, ...params }`
   * (PROTO-ACTIONS-1: its params and result are typed by the definition).
   */
  action<A extends AnySocketAction>(
    def: A,
    params: SocketActionInput<A>,
    onAnswer?: (frame: Record<string, unknown>) => void,
  ): Promise<SocketActionResult<A>> {
    if (this.stopped) return Promise.reject(new ActionError('Not connected to the room', true));
    const frame = { ...params, roomUuid: this.opts.roomUuid, action: def.name };
    // ROOM-RULES-7: an action in the room answers an AFK warning (the server resets its count).
    if (!PASSIVE_ACTIONS.has(def.name) && this.opts.store.getState().afk?.kind === 'warning') {
      this.set({ afk: null });
    }
    return this.gateway.actions.send<SocketActionResult<A>>(frame, onAnswer);
  }

  /** Asks for the full state again (after a failed patch, a reset, a reconnect). */
  rejoin(reason: string): void {
    if (this.stopped) return;
    this.join(reason);
  }

  private join(reason: string) {
    const seq = ++this.joinSeq;
    this.joining = true;
    this.clockSync.stop(); // SYNC-6: they start over once this join is answered
    const hadState = this.opts.store.getState().state !== null;
    this.set({ status: hadState ? 'rejoining' : 'connecting' });
    const params: SocketActionInput<typeof SOCKET_ACTIONS.joinRoom> = {};
    if (this.opts.password) params.password = this.opts.password;
    if (this.opts.usersLimit) params.usersLimit = this.opts.usersLimit;
    // SYNC-1: the join is a round trip; its send time is t0.
    const sentAt = this.now();
    // The answer is taken the moment its frame is read: the frames after it patch its state.
    const onAnswer = (frame: Record<string, unknown>) => {
      if (seq !== this.joinSeq || this.stopped) return;
      const res = frame as unknown as JoinRoomResult;
      if (typeof res.serverTime === 'number') {
        this.clock.addRoundTrip(sentAt, res.serverTime, this.now());
      }
      this.joining = false;
      this.paged = Boolean(res.usersPage);
      this.set({
        state: res.state,
        usersPage: res.usersPage ?? null,
        status: 'joined',
        error: null,
        errorCode: null,
        ...this.clockState(),
      });
      writeCurrentRoom(this.opts.storage, {
        slug: this.opts.slug,
        lastConnection: this.now(),
        error: null,
      });
      this.clockSync.start();
    };
    const joined = this.action(SOCKET_ACTIONS.joinRoom, params, onAnswer);
    this.pendingJoin = joined;
    const settled = () => {
      if (this.pendingJoin === joined) this.pendingJoin = null;
    };
    joined.then(settled, settled);
    joined.then(
      () => undefined,
      (err: unknown) => {
        if (seq !== this.joinSeq || this.stopped) return;
        this.joining = false;
        if (err instanceof ActionError && err.disconnected) return; // the reconnect rejoins
        const message = err instanceof Error ? err.message : String(err);
        this.log(`joinRoom failed (${reason})`, message);
        const errorCode = err instanceof ActionError ? err.code : null;
        this.set({ status: 'failed', error: message, errorCode });
        this.stop();
      },
    );
  }

  private onMessage(message: CustomServerMessage) {
    if (this.stopped) return;
    if (message.statePatch !== undefined) {
      this.applyPatch(message.name, message.statePatch);
      return;
    }
    switch (message.name) {
      case 'playedOneTimeAnimation':
        this.animations.show(message.params);
        break;
      case 'roomReset':
        this.scheduleResetRejoin();
        break;
      case 'kickedFromRoom':
        this.kicked(message.params?.reason ?? null);
        break;
      // ROOM-RULES-7: to this user's own connections.
      case 'afkDjWarning':
        this.set({ afk: { kind: 'warning', removeAt: message.params.removeAt } });
        break;
      case 'afkDjRemoved':
        this.set({ afk: { kind: 'removed', reason: message.params.reason } });
        break;
    }
  }

  /**
   * ROOM-PAGE-2: brings the next page of the room's users into the state (when the join was
   * paged and more are left). Resolves once they are in; a failure leaves the state as it was.
   */
  async loadMoreUsers(): Promise<void> {
    const { usersPage } = this.opts.store.getState();
    if (!this.paged || this.joining || this.loadingUsers || usersPage?.nextOffset == null) return;
    const seq = this.joinSeq;
    this.loadingUsers = true;
    const params = { offset: usersPage.nextOffset, limit: this.opts.usersLimit ?? 100 };
    // Merged the moment the answer is read: the frames after it patch the merged state.
    const onAnswer = (frame: Record<string, unknown>) => {
      const current = this.opts.store.getState().state;
      if (seq !== this.joinSeq || this.joining || !current) return;
      const page = frame as unknown as RoomUsersPage;
      this.set({
        state: mergeUsersPage(current, page),
        usersPage: { total: page.total, nextOffset: page.nextOffset },
      });
    };
    try {
      await this.action(SOCKET_ACTIONS.getRoomUsers, params, onAnswer);
    } finally {
      this.loadingUsers = false;
    }
  }

  private applyPatch(name: string, patch: CustomServerMessage['statePatch']) {
    // While a join is on its way the state it brings replaces everything: older patches are moot.
    const current = this.opts.store.getState().state;
    if (this.joining || !current) return;
    let next: ClientRoomState;
    try {
      if (this.paged) {
        const applied = applyPagedStatePatch(current, patch ?? []);
        next = applied.state;
        const page = this.opts.store.getState().usersPage;
        if (applied.usersDelta && page) {
          this.set({ usersPage: { ...page, total: Math.max(0, page.total + applied.usersDelta) } });
        }
      } else next = applyStatePatch(current, patch ?? []);
    } catch (err) {
      this.log(`statePatch of ${name} did not apply; rejoining`, err);
      this.join('patch failed');
      return;
    }
    this.set({ state: next });
    if (name === 'updatedRoomSettings' && next.settings.slug !== current.settings.slug) {
      // A settings update that changes the slug changes the stored slug.
      this.opts.slug = next.settings.slug;
      this.set({ slug: next.settings.slug });
      writeCurrentRoom(this.opts.storage, {
        slug: next.settings.slug,
        lastConnection: this.now(),
        error: null,
      });
    }
  }

  private scheduleResetRejoin() {
    if (this.resetTimer !== null) this.timers.clearTimeout(this.resetTimer);
    const delay = Math.floor(this.random() * (this.opts.resetDelayMs ?? 2000));
    this.joining = true; // the old state is void; ignore patches until the new one arrives
    this.clockSync.stop();
    this.set({ status: 'rejoining' });
    this.resetTimer = this.timers.setTimeout(() => {
      this.resetTimer = null;
      this.rejoin('room reset');
    }, delay);
  }

  private kicked(reason: string | null) {
    this.set({ status: 'kicked', kickReason: reason, state: null });
    writeCurrentRoom(this.opts.storage, {
      slug: this.opts.slug,
      lastConnection: this.now(),
      error: reason ?? '',
    });
    // The server has taken this connection out of the room already; the socket stays (chat).
    this.detach();
  }

  /** SYNC-3: the store shows the estimate, to the ms, and its uncertainty. */
  private clockState(): Pick<RoomStoreState, 'serverTimeOffset' | 'serverTimeUncertainty'> {
    const uncertainty = this.clock.uncertainty;
    return {
      serverTimeOffset: Math.round(this.clock.offset),
      serverTimeUncertainty: uncertainty === null ? null : Math.round(uncertainty),
    };
  }

  private set(partial: Parameters<RoomStoreApi['setState']>[0]) {
    this.opts.store.setState(partial);
  }

  private clearTimers() {
    this.clockSync.stop();
    if (this.resetTimer !== null) this.timers.clearTimeout(this.resetTimer);
    this.resetTimer = null;
    this.animations.clear();
  }
}
