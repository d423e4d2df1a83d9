import { chatTokenEndpoints, type CreateRoomReq, type RoomDto } from '@tt/protocol';
import type { TestServer } from '../../../test/harness';
import { createRoom } from '../room/testing';

/** Test helpers of the chat service (imported by its tests only). */

export type User = Awaited<ReturnType<TestServer['createUser']>> & { chat: string };

/** A user with a chat token. */
export async function chatUser(
  s: TestServer,
  opts: Parameters<TestServer['createUser']>[0] = {},
): Promise<User> {
  const u = await s.createUser(opts);
  const { authToken } = await s.as(u.token).call(chatTokenEndpoints.userToken, {});
  return { ...u, chat: authToken };
}

export interface V3Call {
  /** A chat token, sent as `authtoken` (the way bots do). */
  token?: string;
  apikey?: string;
  onBehalfOf?: string;
  /** A session token, sent as Authorization: Bearer. */
  bearer?: string;
  body?: unknown;
  /** Raw body text (and no JSON content type unless `contentType`). */
  raw?: string;
  contentType?: string;
  query?: Record<string, string | number | boolean>;
  /** Where the routes are mounted: /v3.0 (default), /v3 or /api/chat-service/v3.0. */
  base?: string;
}

export interface V3Answer<T = any> {
  status: number;
  body: T;
}

/** Calls the CometChat REST subset with the headers bots send (appid, authtoken, sdk, …). */
export async function v3<T = any>(
  s: TestServer,
  method: string,
  path: string,
  call: V3Call = {},
): Promise<V3Answer<T>> {
  const qs = call.query
    ? '?' +
      new URLSearchParams(
        Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]),
      )
    : '';
  const headers: Record<string, string> = {
    appid: '193427bb5702bab7',
    dnt: '1',
    origin: 'https://tt.live',
    referer: 'https://tt.live/',
    sdk: 'javascript@3.0.10',
  };
  if (call.token) headers.authtoken = call.token;
  if (call.apikey) headers.apikey = call.apikey;
  if (call.onBehalfOf) headers.onBehalfOf = call.onBehalfOf;
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  let body: string | undefined;
  if (call.raw !== undefined) {
    body = call.raw;
    if (call.contentType) headers['content-type'] = call.contentType;
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] = call.contentType ?? 'application/json';
  }
  const res = await fetch(`${s.url}${call.base ?? '/v3.0'}${path}${qs}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T };
}

/** Expects a CometChat error: status, CometChat code and (optionally) our catalogue code. */
export function expectComet(answer: V3Answer, status: number, cometCode: string, code?: string) {
  const err = answer.body?.error;
  if (answer.status !== status || err?.code !== cometCode || typeof err?.message !== 'string') {
    throw new Error(
      `expected ${status} ${cometCode}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  if (code && err.details?.code !== code) {
    throw new Error(`expected catalogue code ${code}, got ${JSON.stringify(err.details)}`);
  }
  return err as { code: string; message: string; details: { code: string; statusCode: number } };
}

/** The body of a text message from a bot: a chat message in metadata, as turntable bots build it. */
export function botText(
  receiver: string,
  text: string,
  extra: Record<string, unknown> = {},
  receiverType: 'group' | 'user' = 'group',
) {
  return {
    receiver,
    receiverType,
    category: 'message',
    type: 'text',
    data: {
      text,
      metadata: {
        chatMessage: {
          message: text,
          avatarId: 'bot-1',
          userName: 'Someone Else',
          color: '#FF4D97',
          mentions: [],
          userUuid: '00000000-0000-4000-8000-000000000000',
          badges: ['VERIFIED', 'STAFF'],
          id: crypto.randomUUID(),
          ...extra,
        },
      },
    },
  };
}

/** A room whose chat `owner` created, and that `users` joined. */
export async function roomWithChat(
  s: TestServer,
  owner: User,
  users: User[] = [],
  body: Partial<CreateRoomReq> = {},
): Promise<RoomDto> {
  const room = await createRoom(s, owner.token, body);
  for (const u of [owner, ...users]) {
    const r = await v3(s, 'POST', `/groups/${room.uuid}/members`, { token: u.chat });
    if (r.status !== 200) throw new Error(`join failed: ${JSON.stringify(r.body)}`);
  }
  return room;
}
