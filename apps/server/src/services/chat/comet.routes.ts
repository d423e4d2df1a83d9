import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { cometChatApi as e, cometErrorCode, ERRORS, type CometErrorBody } from '@tt/protocol';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { chatCaller } from './caller';
import type { ChatCore } from './core';
import type { ChatHistory } from './history.service';
import type { ChatMembers } from './members.service';
import type { ChatMessages } from './messages.service';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
}

/** CometChat's error body: its code, our message, and our catalogue code in details. */
function cometError(reply: FastifyReply, status: number, code: string, message: string) {
  const body: CometErrorBody = {
    error: { code: cometErrorCode(code, status), message, details: { code, statusCode: status } },
  };
  return reply.status(status).send(body);
}

/** CHAT-API-2: every refusal of a v3.0 route in CometChat's shape. */
function cometErrorHandler(
  err: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (err instanceof AppError) {
    const msg = Array.isArray(err.messages) ? err.messages.join('; ') : err.messages;
    return cometError(reply, err.status, err.code, msg);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation as unknown as ZodIssueLike[];
    const text = issues
      .map((i) => {
        const where =
          i.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
          err.validationContext ||
          'request';
        return `${where}: ${i.message ?? 'is invalid'}`;
      })
      .join('; ');
    return cometError(reply, 400, 'VALIDATION', text);
  }
  const fe = err as FastifyError;
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 429) return cometError(reply, 429, 'RATE_LIMITED', ERRORS.RATE_LIMITED.message);
  if (status >= 400 && status < 500)
    return cometError(reply, status, fe.code ?? 'BAD_REQUEST', fe.message);
  request.log.error({ err, reqId: request.id }, 'unhandled error');
  return cometError(reply, 500, 'INTERNAL', `${ERRORS.INTERNAL.message} (request ${request.id})`);
}

/**
 * The CometChat REST v3.0 subset (CHAT-API-1). Registered once under /api/chat-service/v3.0;
 * /v3.0/… and /v3/… reach the same routes (alias.ts). They stay out of the OpenAPI document (their
 * errors are CometChat's, not the platform's); docs/CHAT-RULES.md describes them.
 */
export async function registerCometRoutes(
  app: FastifyInstance,
  core: ChatCore,
  services: { messages: ChatMessages; history: ChatHistory; members: ChatMembers },
): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(cometErrorHandler);
    scope.addHook('onRoute', (r) => {
      r.schema = { ...r.schema, hide: true };
    });
    // Refusals answered before a handler runs (control characters, rate limits) in the same shape.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      try {
        const body = JSON.parse(payload) as { error?: unknown; message?: unknown; code?: unknown };
        if (typeof body.error !== 'string') return payload;
        const message = Array.isArray(body.message)
          ? body.message.join('; ')
          : String(body.message);
        const code = typeof body.code === 'string' ? body.code : 'BAD_REQUEST';
        const converted: CometErrorBody = {
          error: {
            code: cometErrorCode(code, reply.statusCode),
            message,
            details: { code, statusCode: reply.statusCode },
          },
        };
        return JSON.stringify(converted);
      } catch {
        return payload;
      }
    });
    // Bots post JSON without a content type (fetch then says text/plain), or an empty JSON body.
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string' },
      (req, body, done) => {
        if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
        return json(req, body as string, done);
      },
    );

    const { messages, history, members } = services;
    const who = (request: FastifyRequest) => chatCaller(core, request);

    route(scope, e.send, async ({ request, body }) => ({
      data: await messages.send(await who(request), body),
    }));
    route(scope, e.get, async ({ request, params }) => ({
      data: await messages.get(await who(request), params.id),
    }));
    route(scope, e.edit, async ({ request, params, body }) => ({
      data: await messages.edit(await who(request), params.id, body),
    }));
    route(scope, e.delete, async ({ request, params }) => ({
      data: await messages.delete(await who(request), params.id),
    }));
    route(scope, e.react, async ({ request, params }) => ({
      data: await messages.react(await who(request), params.id, params.reaction, true),
    }));
    route(scope, e.unreact, async ({ request, params }) => ({
      data: await messages.react(await who(request), params.id, params.reaction, false),
    }));
    route(scope, e.join, async ({ request, params, body }) => {
      const caller = await who(request);
      const room = await core.access.room(params.guid);
      return { data: await members.join(caller, room, body?.participants) };
    });
    route(scope, e.members, async ({ request, params, query }) =>
      members.list(await who(request), params.guid, query),
    );
    route(scope, e.groupMessages, async ({ request, params, query }) =>
      history.groupPage(await who(request), params.guid, query),
    );
    route(scope, e.groupRead, async ({ request, params }) =>
      history.markGroupRead(await who(request), params.guid),
    );
    route(scope, e.userMessages, async ({ request, params, query }) =>
      history.userPage(await who(request), params.uid, query),
    );
    route(scope, e.userConversation, async ({ request, params }) => ({
      data: await history.userConversation(await who(request), params.uid),
    }));
    route(scope, e.userRead, async ({ request, params }) =>
      history.markUserRead(await who(request), params.uid),
    );
    route(scope, e.conversations, async ({ request, query }) =>
      history.conversationList(await who(request), query),
    );
  });
}
