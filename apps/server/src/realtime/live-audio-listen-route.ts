import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fastifyPath, LIVE_AUDIO_LISTEN, LIVE_AUDIO_LISTEN_PATH } from '@tt/protocol';
import { fail } from '../platform/errors';
import { mediaToolAvailable } from '../platform/media-tools';
import type { Platform } from '../platform/service';
import { sessionOf } from './live-audio-conn';

const Uuid = z.string().uuid();

/**
 * LIVE-AUDIO-12: `GET /api/live-audio/rooms/{roomUuid}/listen` — the room's live voice as one
 * continuous MP3 stream (chunked, `audio/mpeg`) for a phone's native player. The session token
 * comes as the live-audio socket takes it (`?token=` or a bearer header): none or not valid 401;
 * a room id that is not a uuid 400; then the socket's own entry checks (404 ROOM_NOT_FOUND,
 * 409 LIVE_AUDIO_OFF, 403 for a ban or a password room) and the caps of LIVE-AUDIO-14.
 */
export function registerLiveAudioListen(app: FastifyInstance, platform: Platform): void {
  app.get(
    fastifyPath(LIVE_AUDIO_LISTEN_PATH),
    {
      schema: {
        summary:
          "A room's live voice as a continuous MP3 stream (audio/mpeg, chunked) for phones; ?token= or a bearer token; the entry checks of the live-audio socket (LIVE-AUDIO-12)",
        tags: ['live-audio'],
        produces: [LIVE_AUDIO_LISTEN.contentType],
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, 'http://localhost');
      const auth = await sessionOf(platform.tokens, request.raw, url);
      if (typeof auth === 'string') throw fail(auth);
      const { roomUuid } = request.params as { roomUuid: string };
      if (!Uuid.safeParse(roomUuid).success) throw fail('BAD_REQUEST', 'roomUuid must be a UUID');
      const port = platform.ports.liveAudio;
      if (!port) throw fail('SERVICE_UNAVAILABLE');
      // LIVE-AUDIO-14: the stream is made by ffmpeg; without it a phone would get silence.
      if (!mediaToolAvailable('ffmpeg')) {
        throw fail('SERVICE_UNAVAILABLE', 'Live audio for phones needs ffmpeg on the server.');
      }
      const out = new PassThrough();
      // The phone went away (even while it was checked): its stream ends, and with the last one
      // the room's processes (LIVE-AUDIO-16).
      reply.raw.once('close', () => out.destroy());
      await port.listen(auth, roomUuid, out);
      return reply
        .header('Content-Type', LIVE_AUDIO_LISTEN.contentType)
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(out);
    },
  );
}
