import type { FastifyInstance } from 'fastify';
import { chatEndpoints, chatRoomEndpoints, chatTokenEndpoints, type CometUser } from '@tt/protocol';
import { caller as sessionOf } from '../../platform/auth';
import { route } from '../../platform/route';
import type { Platform } from '../../platform/service';
import { callerOfSession } from './caller';
import { chatCore } from './core';
import { ChatHistory } from './history.service';
import { ChatMembers } from './members.service';
import { ChatMessages } from './messages.service';
import { cometUserOf } from './present';
import type { ChatImages } from './images';
import type { ChatReports } from './reports.service';

/** The chat service's own routes (images, reports), with the platform's error shape. */
export function registerChatRoutes(
  app: FastifyInstance,
  reports: ChatReports,
  images: ChatImages,
): void {
  route(app, chatEndpoints.uploadImage, ({ request }) =>
    images.upload(callerOfSession(sessionOf(request)), request),
  );
  route(app, chatEndpoints.image, async ({ params, reply }) => {
    const { data, contentType } = await images.read(params.id);
    reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    return data;
  });
  route(app, chatEndpoints.report, ({ request, body }) =>
    reports.report(callerOfSession(sessionOf(request)), body.messageId, body.reason),
  );
  route(app, chatEndpoints.reports, ({ query }) => reports.list(query.limit, query.offset));
}

/**
 * CHAT-TOKEN-1/2: GET /comet-chat/user-token, GET /comet-chat/ghost-token and POST
 * /comet-chat/create-users. Registered by the user service (services/user/index.ts) under
 * /api/user-service; tokens live in the chat tables, so they work whichever services run here.
 */
export function registerChatTokenRoutes(app: FastifyInstance, platform: Platform): void {
  const core = chatCore(platform);
  route(app, chatTokenEndpoints.userToken, ({ request }) => {
    const auth = sessionOf(request);
    return core.tokens.issue(auth.uuid, 'user', auth.roles);
  });
  route(app, chatTokenEndpoints.ghostToken, ({ request }) =>
    core.tokens.issue(sessionOf(request).uuid, 'ghost', []),
  );
  route(app, chatTokenEndpoints.createUsers, async ({ body }) => {
    const uids = [...new Set(body.uids.map((u) => u.toLowerCase()))];
    const profiles = await core.profiles.get(uids);
    const users: CometUser[] = [];
    const unknown: string[] = [];
    for (const uid of uids) {
      const p = profiles.get(uid);
      if (p) users.push(cometUserOf(uid, p));
      else unknown.push(uid);
    }
    return { users, unknown };
  });
}

/**
 * CHAT-SYNC-1, CHAT-JOIN-1: POST /roomUserRoles/cometchat/sync/{id} and
 * /roomUserRoles/cometchat/join/{id}, registered by the room service under /api/room-service.
 */
export function registerChatRoomRoutes(app: FastifyInstance, platform: Platform): void {
  const core = chatCore(platform);
  const members = new ChatMembers(core);
  route(app, chatRoomEndpoints.sync, ({ request, params, body }) =>
    members.syncAsked(callerOfSession(sessionOf(request)), params.id, body.userUuids),
  );
  route(app, chatRoomEndpoints.join, async ({ request, params }) =>
    members.join(callerOfSession(sessionOf(request)), await core.access.find(params.id)),
  );
}

/** The chat services of a core (for the service module and the socket). */
export function chatServices(platform: Platform) {
  const core = chatCore(platform);
  const messages = new ChatMessages(core);
  return {
    core,
    messages,
    history: new ChatHistory(core),
    members: new ChatMembers(core),
  };
}
