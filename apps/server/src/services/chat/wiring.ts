import type { Wiring } from '../../platform/wiring';

/** The chat service's ports (platform/wiring.ts): it installs the gateway's chat side and can run without each it uses. */
export const chatWiring: Wiring = {
  provides: ['chatGateway'],
  requires: [],
  optional: {
    rooms:
      'room chats answer 503 SERVICE_UNAVAILABLE ("Room chats need the room service"); group conversations are left out of the conversation list',
    social:
      'what depends on blocks (direct messages, reading messages, a writing socket) answers 503 SERVICE_UNAVAILABLE naming the social service (CHAT-BLOCK-2)',
    standing:
      'trust cannot be earned: links, images and messages to people who do not follow the sender are refused unless the sender holds trust.skip by role (TRUST-8)',
    graph:
      'nobody counts as following anybody: untrusted accounts message nobody directly (TRUST-5, TRUST-8)',
    users:
      'no profiles: messages and conversations carry none, and an unknown uid is not refused with CHAT_USER_NOT_FOUND',
  },
};
