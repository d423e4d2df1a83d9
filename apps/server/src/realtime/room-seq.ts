/**
 * The seq of the last message each room's bus topic brought to this process, and the actions
 * waiting for a later one: an action is answered once its own messages reached the connections.
 */
export class RoomSeqs {
  private readonly last = new Map<string, number>();
  private readonly waiters = new Map<string, Array<{ seq: number; done: () => void }>>();

  /** A joining connection's state holds everything up to `seq`: count it as delivered. */
  known(roomUuid: string, seq: number): void {
    this.last.set(roomUuid, Math.max(this.last.get(roomUuid) ?? 0, seq));
  }

  /** The room's message `seq` was delivered: the actions waiting for it are answered. */
  seen(roomUuid: string, seq: number): void {
    this.known(roomUuid, seq);
    const waiters = this.waiters.get(roomUuid);
    if (!waiters) return;
    const ready = waiters.filter((w) => w.seq <= seq);
    const rest = waiters.filter((w) => w.seq > seq);
    if (rest.length) this.waiters.set(roomUuid, rest);
    else this.waiters.delete(roomUuid);
    for (const w of ready) w.done();
  }

  /** No connection of this process is in the room any more. */
  forget(roomUuid: string): void {
    this.last.delete(roomUuid);
  }

  /**
   * Resolves once the room's message `seq` came through the bus (so it reached this process's
   * connections). A lost message does not hold the answer for long.
   */
  delivered(roomUuid: string, seq: number): Promise<void> {
    if (seq === 0 || (this.last.get(roomUuid) ?? 0) >= seq) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.waiters.get(roomUuid) ?? [];
      const waiter = { seq, done: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        const rest = (this.waiters.get(roomUuid) ?? []).filter((w) => w !== waiter);
        if (rest.length) this.waiters.set(roomUuid, rest);
        else this.waiters.delete(roomUuid);
        resolve();
      }, 5_000);
      list.push(waiter);
      this.waiters.set(roomUuid, list);
    });
  }
}
