import type { CometMessage } from '@tt/protocol';
import type { EventBus } from '../../platform/bus';

/** What the chat publishes on the bus; every process delivers it to its chat sockets. */
export type ChatEvent =
  | { kind: 'message' | 'edited' | 'deleted'; sender: string; message: CometMessage }
  | {
      kind: 'reaction';
      sender: string;
      action: 'added' | 'removed';
      messageId: string;
      conversationId: string;
      reaction: string;
    };

/** Bus topic of a room's chat, and of one user's direct messages. */
export const roomChatTopic = (guid: string) => `chat.room.${guid}` as const;
export const userChatTopic = (uid: string) => `chat.user.${uid}` as const;
/** A chat topic of the bus. */
export type ChatTopic = ReturnType<typeof roomChatTopic> | ReturnType<typeof userChatTopic>;

declare module '../../platform/bus' {
  interface BusTopics {
    [topic: `chat.room.${string}`]: ChatEvent;
    [topic: `chat.user.${string}`]: ChatEvent;
  }
}

/**
 * CHAT-LIVE-1: room messages go to the room's topic, direct messages to both users' topics (the
 * sender's other tabs and devices see them too); subscribers in any process deliver them.
 */
export class ChatFanout {
  constructor(private readonly bus: EventBus) {}

  async publish(
    target: { receiverType: 'group' | 'user'; receiver: string; sender: string },
    event: ChatEvent,
  ): Promise<void> {
    if (target.receiverType === 'group') {
      await this.bus.publish(roomChatTopic(target.receiver), event);
      return;
    }
    await this.bus.publish(userChatTopic(target.receiver), event);
    if (target.sender !== target.receiver) {
      await this.bus.publish(userChatTopic(target.sender), event);
    }
  }
}
