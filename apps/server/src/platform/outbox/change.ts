import type { BusTopics, EventBus } from '../bus';
import type { Db } from '../db/index';
import { isTwinTopic, liveTwin, type WorkEvents, type WorkTopic } from '../events';
import type { Outbox } from './outbox';

/** Writes one work event in the transaction it was made for (WORK-OUTBOX-1). */
export type WorkWriter = <K extends WorkTopic>(topic: K, payload: WorkEvents[K]) => Promise<void>;

/**
 * The work events of one change. `in(tx)` writes them in the change's transaction
 * (WORK-OUTBOX-1); once it has committed, `committed()` kicks the relay and publishes the live
 * twin (`live.<topic>`, BUS-TWIN-1) of each event live sockets follow, so an emitter cannot write
 * the work and forget the live part. A twin that cannot be published is logged: the work is safe.
 */
export class ChangeWork {
  private readonly twins: { topic: string; payload: unknown }[] = [];

  constructor(
    private readonly platform: {
      outbox: Outbox;
      bus: EventBus;
      log: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  in(tx: Db): WorkWriter {
    return async (topic, payload) => {
      await this.platform.outbox.add(tx, topic, payload);
      if (isTwinTopic(topic)) this.twins.push({ topic, payload });
    };
  }

  async committed(): Promise<void> {
    const { outbox, bus, log } = this.platform;
    outbox.kick();
    for (const { topic, payload } of this.twins.splice(0)) {
      if (!isTwinTopic(topic)) continue;
      const live = liveTwin(topic);
      await bus
        .publish(live, payload as BusTopics[typeof live])
        .catch((err: unknown) => log.warn({ err, topic: live }, 'could not publish a live twin'));
    }
  }
}
