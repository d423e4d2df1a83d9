import { expect } from 'vitest';
import type { EventBus } from './bus';

/**
 * Waits until `receiver` has received every event `publisher` published so far: a marker published
 * after them arrives after them (the in-process bus and Redis pub/sub both keep the order). A test
 * then acts on another process (or after earlier changes' drops) knowing the bus has caught up.
 */
export async function busCaughtUp(publisher: EventBus, receiver: EventBus = publisher) {
  const marker = -Date.now() - Math.random();
  let arrived = false;
  const stop = await receiver.subscribe('community.listsChanged', (m) => {
    if (m.at === marker) arrived = true;
  });
  await publisher.publish('community.listsChanged', { at: marker });
  await expect.poll(() => arrived, { timeout: 10_000 }).toBe(true);
  await stop();
}
