import { Gateway } from '@tt/room-client';

/**
 * The page's one socket (GATEWAY-CLIENT-1, @tt/room-client's Gateway): `/primus` on this page's
 * origin, carrying the live room (./session.ts) and the chat, direct messages and notifications
 * (features/chat/chatSocket.ts). It follows the session's token, the user's access token or else
 * the guest's (lib/session currentToken), from the shell's useChatConnection.
 */
export const gateway = new Gateway({ origin: () => window.location.origin });
