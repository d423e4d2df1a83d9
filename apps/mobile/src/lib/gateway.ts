import { Gateway } from '@tt/room-client';
import { API_URL } from './config';

/**
 * The app's one socket (GATEWAY-CLIENT-1, @tt/room-client's Gateway, the same as the web's):
 * `/primus` on the API's origin, carrying the live room (features/room/session.ts) and the chat,
 * direct messages and notifications (features/chat/socket.ts). It follows the session's token
 * (a user's, or a guest's: read only) from the chat feature's useChatConnection.
 */
export const gateway = new Gateway({ origin: () => API_URL });
