import type { IncomingMessage, Server } from 'node:http';

const TARGET = '/api/chat-service/v3.0/';
/** Paths that mean the CometChat REST API: at the origin's root, and v3 for v3.0. */
const ALIASES = ['/v3.0/', '/v3/', '/api/chat-service/v3/'];

/** The v3.0 route path a request path stands for, or null. */
export function cometAlias(url: string): string | null {
  for (const prefix of ALIASES) {
    if (url.startsWith(prefix)) return TARGET + url.slice(prefix.length);
  }
  return null;
}

/**
 * CHAT-API-1: a bot written for turntable.live points its chat host at us; its calls to
 * /v3.0/… (or /v3/…) reach /api/chat-service/v3.0/… The request's path is rewritten before
 * Fastify routes it (this listener runs first); every other request is left alone.
 */
export function installCometAlias(server: Server): () => void {
  const rewrite = (req: IncomingMessage) => {
    if (!req.url) return;
    const target = cometAlias(req.url);
    if (target) req.url = target;
  };
  server.prependListener('request', rewrite);
  return () => server.off('request', rewrite);
}
