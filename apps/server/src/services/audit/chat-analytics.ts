import type { DomainEvents } from '../../platform/events';
import type { Platform } from '../../platform/service';
import type { AnalyticsService } from './service';

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
  const store = async (
    topic: 'chatMessage' | 'chatMessageReaction',
    userUuid: string,
    eventId: string,
    occurredAt: string,
    payload: Record<string, unknown>,
  ) => {
    try {
      await analytics.repo.insertNew([
        {
          topic,
          userUuid,
          isGuest: false,
          playId: eventId,
          payload,
          occurredAt: new Date(occurredAt),
        },
      ]);
    } catch (err) {
      platform.log.warn({ err, topic }, 'chat analytics not recorded');
    }
  };
  const offMessages = await platform.bus.subscribe<DomainEvents['chat.messageSent']>(
    'chat.messageSent',
    (e) => {
      const { eventId, senderUuid, sentAt, ...facts } = e;
      return store('chatMessage', senderUuid, eventId, sentAt, facts);
    },
  );
  const offReactions = await platform.bus.subscribe<DomainEvents['chat.reactionChanged']>(
    'chat.reactionChanged',
    (e) => {
      const { eventId, userUuid, at, ...facts } = e;
      return store('chatMessageReaction', userUuid, eventId, at, facts);
    },
  );
  return async () => {
    await offMessages();
    await offReactions();
  };
}
