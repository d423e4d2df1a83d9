import { randomUUID } from 'node:crypto';
import { http, retrying } from './http';

/**
 * Chat bots through the CometChat-style REST (POST /v3.0/messages with an authtoken, as bots
 * send), and a client's catch-up: every message of the room's chat, page after page.
 */
const V3 = '/api/chat-service/v3.0';

export interface ChatUser {
  name: string;
  chat: string;
}

export async function joinChat(base: string, u: ChatUser, roomUuid: string): Promise<void> {
  await retrying(() => http(base, 'POST', `${V3}/groups/${roomUuid}/members`, { chat: u.chat }));
}

/**
 * Posts one message (mentioning `mention` at its end), retried with the same muid while the cluster is disturbed (a retried send
 * answers the first one). Answers the text when the server accepted it, null when it never did.
 */
export async function post(
  base: string,
  u: ChatUser,
  roomUuid: string,
  n: number,
  mention?: { uuid: string; name: string },
) {
  const tail = mention ? ` @${mention.name}` : '';
  const text = `soak ${u.name} #${n} ${randomUUID().slice(0, 8)}${tail}`;
  // NOTIFY-CHAT-2: a mention as the apps send it, in the message's metadata.
  const metadata = mention && {
    chatMessage: {
      message: text,
      mentions: [
        {
          userUuid: mention.uuid,
          userNickname: mention.name,
          start: text.length - tail.length + 1,
        },
      ],
    },
  };
  const body = {
    receiver: roomUuid,
    receiverType: 'group',
    category: 'message',
    type: 'text',
    muid: randomUUID(),
    data: { text, ...(metadata ? { metadata } : {}) },
  };
  try {
    await retrying(() => http(base, 'POST', `${V3}/messages`, { chat: u.chat, body }), 60_000);
    return text;
  } catch {
    return null;
  }
}

/** Every text of the room's chat as `u` reads it (catch-up after the last id, 100 at a time). */
export async function catchUp(base: string, u: ChatUser, roomUuid: string): Promise<string[]> {
  const texts: string[] = [];
  let after = 0;
  for (;;) {
    const page = await retrying(() =>
      http<{ data: { id: string; data?: { text?: string } }[] }>(
        base,
        'GET',
        `${V3}/groups/${roomUuid}/messages?per_page=100&affix=append&id=${after}`,
        { chat: u.chat },
      ),
    );
    for (const m of page.data) texts.push(m.data?.text ?? '');
    if (page.data.length < 100) return texts;
    after = Number(page.data[page.data.length - 1].id);
  }
}
