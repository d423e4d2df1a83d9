/**
 * The app's socket for component tests: the platform's WebSocket is replaced by @tt/room-client's
 * FakeSocket, so a test plays the server (opens, says `ready`, sends live chat frames in their
 * gateway envelope) and reads what the app sent (`chatSent()`: the chat frames). Only tests import
 * this file.
 */
import { act } from 'expo-router/testing-library';
import type { ChatServerFrame, CometMessage } from '@tt/protocol';
import { FakeSocket } from '@tt/room-client/testing';

export const chatSockets: FakeSocket[] = [];

class FakeWebSocket extends FakeSocket {
  static readonly OPEN = 1;
  constructor(url: string) {
    super(url);
    chatSockets.push(this);
  }
}

/** Every WebSocket the app opens from now on is a FakeSocket (kept in `chatSockets`). */
export function installFakeWebSocket(): void {
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeWebSocket;
}

/** The socket (`/primus`, GATEWAY-CLIENT-1) the app opened last: the chat rides on it. */
export function chatSocketNow(): FakeSocket {
  const s = [...chatSockets].reverse().find((x) => x.url.includes('/primus?'));
  if (!s) throw new Error('the app opened no socket');
  return s;
}

/** The server side: opens the socket and says `ready`. */
export async function serverReady(readOnly = false, uid = 'me'): Promise<FakeSocket> {
  const s = chatSocketNow();
  await act(async () => {
    s.serverOpen();
    s.serverChat({ type: 'ready', uid, readOnly } satisfies ChatServerFrame);
  });
  return s;
}

/** The server sends a frame on the current chat socket. */
export async function serverSays(frame: ChatServerFrame): Promise<void> {
  const s = chatSocketNow();
  await act(async () => s.serverChat(frame));
}

/** A CometChat message as the server answers it (the product's chat message in its metadata). */
export function cometMessage(
  over: Partial<CometMessage> & { id: string; sender: string; receiver: string },
  chatMessage: Record<string, unknown> = {},
): CometMessage {
  const receiverType = over.receiverType ?? 'group';
  const text = over.data?.text ?? (chatMessage.message as string | undefined) ?? '';
  const user = (uid: string) => ({ uid, name: uid, status: 'online', role: 'default' });
  return {
    conversationId:
      receiverType === 'group' ? `group_${over.receiver}` : `${over.sender}_user_${over.receiver}`,
    receiverType,
    category: 'message',
    type: 'text',
    sentAt: 1_700_000_000 + Number(over.id),
    updatedAt: 1_700_000_000 + Number(over.id),
    reactions: [],
    ...over,
    data: {
      text,
      metadata: {
        chatMessage: { message: text, uuid: `uuid-${over.id}`, type: 'user', ...chatMessage },
      },
      entities: {
        sender: { entity: user(over.sender), entityType: 'user' },
        receiver: { entity: user(over.receiver), entityType: 'user' },
      },
      ...over.data,
    },
  } as CometMessage;
}
