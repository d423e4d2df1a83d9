import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songEndpoints as e, type SongStatus } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeServer, type FakeServer } from '../../../test/fakes/http';
import { SongRepository } from './repository';
import { newSongShortId } from './short-id';

const SECRET = 'sns-shared-secret-0123';
const SNS_PATH = '/api/song-service/upload/transcoder_sns';
const CDN = 'https://cdn.example.test/hls';

let s: TestServer;
let off: TestServer;
let subscriber: FakeServer;
let repo: SongRepository;

beforeAll(async () => {
  s = await startTestServer({ TRANSCODER_SNS_SECRET: SECRET });
  off = await startTestServer();
  repo = new SongRepository(s.app.platform.db);
  // Stands in for SNS's SubscribeURL: /ok confirms, anything else fails.
  subscriber = await startFakeServer((req) =>
    req.path === '/ok' ? { status: 200, body: { confirmed: true } } : { status: 500 },
  );
}, 180_000);
afterAll(async () => {
  await subscriber.close();
  await off.close();
  await s.close();
});

/** Posts like SNS does: JSON as text/plain, the secret in the query string. */
async function post(
  body: unknown,
  opts: { server?: TestServer; token?: string | null; header?: string; json?: boolean } = {},
) {
  const server = opts.server ?? s;
  const token = opts.token === undefined ? SECRET : opts.token;
  const query = token && !opts.header ? `?token=${encodeURIComponent(token)}` : '';
  const res = await fetch(`${server.url}${SNS_PATH}${query}`, {
    method: 'POST',
    headers: {
      'content-type': opts.json ? 'application/json' : 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': 'Notification',
      ...(opts.header ? { 'x-transcoder-token': opts.header } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

let messageCounter = 0;
const notification = (message: unknown) => ({
  Type: 'Notification',
  MessageId: `msg-${++messageCounter}`,
  TopicArn: 'arn:aws:sns:us-east-1:123456789012:transcoder',
  Subject: null,
  Message: typeof message === 'string' ? message : JSON.stringify(message),
  Timestamp: new Date().toISOString(),
  SignatureVersion: '1',
  Signature: 'c2lnbmF0dXJl',
  SigningCertURL: 'https://sns.us-east-1.amazonaws.com/cert.pem',
  UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe',
});

async function song(status: SongStatus) {
  return repo.insert({
    shortId: newSongShortId(),
    trackName: 'External Track',
    artistName: 'External Artist',
    duration: 200,
    status,
    uploadedBy: null,
  });
}

const statusOf = async (shortId: string) =>
  (await s.client.call(e.get, { params: { id: shortId } })).status;

describe('POST /upload/transcoder_sns: authentication', () => {
  it('is 404 with a clear message when TRANSCODER_SNS_SECRET is not set', async () => {
    const res = await post(notification({}), { server: off });
    expect(res).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'The transcoder callback is not configured on this server.',
        code: 'TRANSCODER_SNS_DISABLED',
      },
    });
  });

  it('refuses a missing or wrong token, in the query or the header', async () => {
    const row = await song('VALID_FILE_TYPE');
    const body = notification({ songId: row.shortId, status: 'ERROR' });
    for (const opts of [{ token: null }, { token: 'wrong-secret-0123' }, { header: 'nope' }]) {
      const res = await post(body, opts);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Invalid transcoder token.');
    }
    expect(await statusOf(row.shortId)).toBe('VALID_FILE_TYPE');
    // The header works as well as the query string, and so does a JSON content type.
    const ok = await post(body, { header: SECRET, json: true });
    expect(ok.body).toEqual({
      type: 'Notification',
      songShortId: row.shortId,
      status: 'VERIFICATION_ERROR',
    });
  });
});

describe('POST /upload/transcoder_sns: subscription', () => {
  const confirmation = (url?: string) => ({
    Type: 'SubscriptionConfirmation',
    MessageId: 'confirm-1',
    Token: 'token-abc',
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:transcoder',
    Message: 'You have chosen to subscribe to the topic.',
    ...(url ? { SubscribeURL: url } : {}),
  });

  it('confirms by visiting SubscribeURL', async () => {
    const res = await post(confirmation(`${subscriber.url}/ok?Token=token-abc`));
    expect(res).toEqual({
      status: 200,
      body: { type: 'SubscriptionConfirmation', confirmed: true },
    });
    const visit = subscriber.requests.at(-1)!;
    expect(visit).toMatchObject({ method: 'GET', path: '/ok' });
    expect(visit.query.get('Token')).toBe('token-abc');
  });

  it('answers 502 when SubscribeURL does not confirm, 400 without one', async () => {
    const failed = await post(confirmation(`${subscriber.url}/broken`));
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/Could not confirm the SNS subscription/);
    const missing = await post(confirmation());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual([
      'SubscribeURL: is required for a SubscriptionConfirmation',
    ]);
  });

  it('acknowledges an UnsubscribeConfirmation', async () => {
    const res = await post({ ...confirmation(), Type: 'UnsubscribeConfirmation' });
    expect(res).toEqual({ status: 200, body: { type: 'UnsubscribeConfirmation' } });
  });
});

describe('POST /upload/transcoder_sns: notifications', () => {
  it('COMPLETE verifies the song, which then plays from the external rendition', async () => {
    const row = await song('VALID_FILE_TYPE');
    const url = `${CDN}/${row.shortId}/index.m3u8`;
    const message = {
      songId: row.shortId,
      status: 'COMPLETE',
      hlsPlaylistUrl: url,
      duration: 215.4,
    };
    const res = await post(notification(message));
    expect(res).toEqual({
      status: 200,
      body: { type: 'Notification', songShortId: row.shortId, status: 'VERIFIED' },
    });
    const verified = await s.client.call(e.get, { params: { id: row.shortId } });
    expect(verified).toMatchObject({
      status: 'VERIFIED',
      duration: 215,
      musicProviders: { uploadService: row.shortId },
      streamUrls: { uploadService: { hls: url } },
    });
    const playlist = await fetch(`${s.url}/api/song-service/songs/${row.shortId}/hls-playlist`, {
      redirect: 'manual',
    });
    expect(playlist.status).toBe(302);
    expect(playlist.headers.get('location')).toBe(url);

    // SNS delivers at least once: the same outcome again changes nothing.
    const again = await post(notification(message));
    expect(again.body).toMatchObject({ status: 'VERIFIED' });
  });

  it('ERROR marks VERIFICATION_ERROR; a later COMPLETE still verifies it (numeric id)', async () => {
    const row = await song('VERIFICATION_POSTPONED');
    const failed = await post(
      notification({ songId: row.id, status: 'ERROR', errorMessage: 'codec not supported' }),
    );
    expect(failed.body).toMatchObject({ status: 'VERIFICATION_ERROR' });
    const retried = await post(
      notification({ songId: row.id, status: 'COMPLETE', hlsPlaylistUrl: `${CDN}/x.m3u8` }),
    );
    expect(retried.body).toMatchObject({ status: 'VERIFIED' });
  });

  it('COMPLETE with a length that is not a playable song marks UNVERIFIED', async () => {
    const row = await song('VALID_FILE_TYPE');
    const res = await post(
      notification({
        songId: row.shortId,
        status: 'COMPLETE',
        hlsPlaylistUrl: `${CDN}/y.m3u8`,
        duration: 3,
      }),
    );
    expect(res.body).toMatchObject({ status: 'UNVERIFIED' });
    expect((await s.client.call(e.get, { params: { id: row.shortId } })).streamUrls).toEqual({});
  });

  it('answers 409 for a move the song status rules do not allow', async () => {
    const waiting = await song('MISSING_METADATA');
    const complete = { status: 'COMPLETE', hlsPlaylistUrl: `${CDN}/z.m3u8` };
    const res = await post(notification({ songId: waiting.shortId, ...complete }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The song cannot move from MISSING_METADATA to VERIFIED.');
    const verified = await song('VERIFIED');
    const err = await post(notification({ songId: verified.shortId, status: 'ERROR' }));
    expect(err.status).toBe(409);
    expect(err.body.message).toBe('The song cannot move from VERIFIED to VERIFICATION_ERROR.');
    expect(await statusOf(waiting.shortId)).toBe('MISSING_METADATA');
    expect(await statusOf(verified.shortId)).toBe('VERIFIED');
  });

  it('refuses a bad envelope or message, and answers 404 for an unknown song', async () => {
    const row = await song('VALID_FILE_TYPE');
    const cases: [unknown, number, unknown][] = [
      ['{not json', 400, 'The body must be JSON (an SNS message).'],
      [{ ...notification({}), Type: 'Shout' }, 400, [expect.stringMatching(/^Type: /)]],
      [{ MessageId: 'x', Message: '{}' }, 400, [expect.stringMatching(/^Type: /)]],
      [notification('not json'), 400, ['Message: must be a JSON object']],
      [
        notification({ songId: row.shortId, status: 'COMPLETE' }),
        400,
        ['Message.hlsPlaylistUrl: is required when status is COMPLETE'],
      ],
      [
        notification({ songId: row.shortId, status: 'DONE' }),
        400,
        [expect.stringMatching(/^Message\.status: /)],
      ],
      [
        notification({ songId: row.shortId, status: 'COMPLETE', hlsPlaylistUrl: 'ftp://x/y' }),
        400,
        [expect.stringMatching(/^Message\.hlsPlaylistUrl: /)],
      ],
      [notification({ songId: 'zzzzzzzzzz', status: 'ERROR' }), 404, 'Song not found.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect(await statusOf(row.shortId)).toBe('VALID_FILE_TYPE');
  });
});
