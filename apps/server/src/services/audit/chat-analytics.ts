import type { Platform } from '../../platform/service';
import type { NewAnalyticsEventRow } from './schema';
import type { AnalyticsService } from './service';

const FLUSH_MS = 200;
const FLUSH_AT = 200;

/**
 * CHAT-ANALYTICS-1: the chat service's events become the analytics topics `chatMessage` and
 * `chatMessageReaction`, stamped with the user who wrote or reacted. The event's id is stored as
 * the play id, so a process that receives the same event again (every process hears the bus)
 * records nothing new.
 */
export async function recordChatAnalytics(
  platform: Pick<Platform, 'bus' | 'log'>,
  analytics: AnalyticsService,
): Promise<() => Promise<void>> {
  // Events are stored in batches: one insert per FLUSH_MS however fast the chat runs.
  let pending: NewAnalyticsEventRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    timer = null;
    const rows = pending;
    pending = [];
    if (!rows.length) return;
    try {
      await analytics.repo.insertNew(rows);
    } catch (err) {
      platform.log.warn({ err, events: rows.length }, 'chat analytics not recorded');
    }
  };
  const store = async (
    topic: 'chatMessage' | 'chatMessageReaction',
    userUuid: string,
    eventId: string,
    occurredAt: string,
    payload: Record<string, unknown>,
  ) => {
    pending.push({
      topic,
      userUuid,
      isGuest: false,
      playId: eventId,
      payload,
      occurredAt: new Date(occurredAt),
    });
    if (pending.length >= FLUSH_AT) await flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };
  const offMessages = await platform.bus.subscribe('chat.messageSent', (e) => {
    const { eventId, senderUuid, sentAt, ...facts } = e;
    return store('chatMessage', senderUuid, eventId, sentAt, facts);
  });
  const offReactions = await platform.bus.subscribe('chat.reactionChanged', (e) => {
    const { eventId, userUuid, at, ...facts } = e;
    return store('chatMessageReaction', userUuid, eventId, at, facts);
  });
  return async () => {
    await offMessages();
    await offReactions();
    if (timer) clearTimeout(timer);
    await flush();
  };
}
