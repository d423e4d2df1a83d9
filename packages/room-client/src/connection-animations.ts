import type { PlayedOneTimeAnimationParams } from '@tt/protocol';
import type { RoomConnectionOptions } from './connection-options';
import type { Timers } from './primus';

/** The one-time animations on the avatars: each shows for `animationMs`, then goes. */
export class OneTimeAnimations {
  private animationSeq = 0;
  private readonly animationTimers = new Map<string, unknown>();

  constructor(
    private readonly opts: Pick<RoomConnectionOptions, 'store' | 'animationMs'>,
    private readonly timers: Timers,
  ) {}

  show(params: PlayedOneTimeAnimationParams | undefined) {
    if (!params?.userUuid) return;
    const id = ++this.animationSeq;
    const { userUuid, animation, emoji } = params;
    const animations = { ...this.opts.store.getState().animations };
    animations[userUuid] = { animation, emoji, id };
    this.opts.store.setState({ animations });
    const old = this.animationTimers.get(userUuid);
    if (old !== undefined) this.timers.clearTimeout(old);
    this.animationTimers.set(
      userUuid,
      this.timers.setTimeout(() => {
        this.animationTimers.delete(userUuid);
        const rest = { ...this.opts.store.getState().animations };
        if (rest[userUuid]?.id !== id) return;
        delete rest[userUuid];
        this.opts.store.setState({ animations: rest });
      }, this.opts.animationMs ?? 2600),
    );
  }

  /** Stops every animation's timer. */
  clear() {
    for (const t of this.animationTimers.values()) this.timers.clearTimeout(t);
    this.animationTimers.clear();
  }
}
