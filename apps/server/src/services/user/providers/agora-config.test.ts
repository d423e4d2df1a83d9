import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerTokenEndpoints as e } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../../test/harness';

/** LIVE-AUDIO-15: GET /agora/config tells the web whether its live audio goes through Agora. */

const AGORA_APP_ID = '0123456789abcdef0123456789abcdef';
const AGORA_CERT = 'fedcba9876543210fedcba9876543210';

let agora: TestServer;
let bare: TestServer;
beforeAll(async () => {
  [agora, bare] = await Promise.all([
    startTestServer({ AGORA_APP_ID, AGORA_APP_CERTIFICATE: AGORA_CERT }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([agora?.close(), bare?.close()]);
});

describe('LIVE-AUDIO-15: GET /agora/config', () => {
  it('LIVE-AUDIO-15: answers the App ID (never the certificate) to anyone when Agora is set', async () => {
    const res = await agora.client.call(e.agoraConfig, {});
    expect(res).toEqual({ appId: AGORA_APP_ID });
    const raw = await agora.client.raw({ method: 'GET', path: '/api/user-service/agora/config' });
    expect(JSON.stringify(raw)).not.toContain(AGORA_CERT);
  });

  it('LIVE-AUDIO-15: answers no App ID when Agora is not set', async () => {
    const res = await bare.client.call(e.agoraConfig, {});
    expect(res).toEqual({});
    expect(res.appId).toBeUndefined();
  });
});
