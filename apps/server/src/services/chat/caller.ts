import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { ChatCaller } from './access';
import type { ChatCore } from './core';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : undefined;
};

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** A chat caller from a verified session token (bearer). */
export function callerOfSession(auth: AuthContext): ChatCaller {
  return { uid: auth.uuid, roles: auth.roles, readOnly: auth.isGuest, via: 'session' };
}

/** A chat caller from a chat token (authtoken, or the chat socket's token); null if not live. */
export async function callerOfChatToken(core: ChatCore, token: string): Promise<ChatCaller | null> {
  const row = await core.tokens.verify(token);
  if (!row) return null;
  return { uid: row.uid, roles: row.roles, readOnly: row.kind === 'ghost', via: 'token' };
}

/**
 * CHAT-AUTH-1: who calls a v3.0 route, in order: the `authtoken` header (a chat token; any
 * `onBehalfOf` beside it is ignored), the `apikey` header with `onBehalfOf` (CHAT_API_KEY, acting
 * as that user with the plain user role), a session bearer token. The `appid` header is accepted
 * and not checked.
 */
export async function chatCaller(core: ChatCore, request: FastifyRequest): Promise<ChatCaller> {
  const authtoken = header(request, 'authtoken');
  if (authtoken) {
    const caller = await callerOfChatToken(core, authtoken);
    if (!caller) throw fail('CHAT_TOKEN_INVALID');
    return caller;
  }
  const apikey = header(request, 'apikey');
  if (apikey) {
    const key = core.platform.config.CHAT_API_KEY;
    if (!key || !sameSecret(apikey, key)) throw fail('CHAT_APIKEY_INVALID');
    const uid = header(request, 'onbehalfof');
    if (!uid) throw fail('CHAT_ON_BEHALF_MISSING');
    if (!UUID_RE.test(uid)) throw fail('CHAT_USER_NOT_FOUND');
    if (core.profiles.available && !(await core.profiles.one(uid)))
      throw fail('CHAT_USER_NOT_FOUND');
    return { uid: uid.toLowerCase(), roles: ['user'], readOnly: false, via: 'apikey' };
  }
  if (request.auth) return callerOfSession(request.auth);
  if (request.headers.authorization) throw fail('TOKEN_INVALID');
  throw fail('CHAT_TOKEN_MISSING');
}
