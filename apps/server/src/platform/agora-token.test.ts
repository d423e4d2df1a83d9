import { inflateSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildRtcToken,
  decodeAccessToken2,
  RtcPrivilege,
  RTC_SERVICE_TYPE,
  verifyAccessToken2,
} from './agora-token';

// The published test vector of Agora's AccessToken2 (AgoraIO/Tools, AccessToken2Test).
const APP_ID = '970CA35de60c44645bbae8a215061b33';
const CERT = '5CFd2fd1755d40ecb72977518be15d3b';
const CHANNEL = '7d72365eb983485397e3e3f9d460bdda';
const UID = 2882341273;
const base = {
  appId: APP_ID,
  appCertificate: CERT,
  channelName: CHANNEL,
  issueTs: 1111111,
  expireSeconds: 600,
  salt: 1,
};

describe('buildRtcToken', () => {
  it('matches Agora’s published tokens for a join-only RTC service', () => {
    expect(buildRtcToken({ ...base, uid: UID, role: 'SUBSCRIBER' })).toBe(
      '007eJxTYBBbsMMnKq7p9Hf/HcIX5kce9b518kCiQgSr5Zrp4X1Tu6UUGCzNDZwdjU1TUs0Mkk1MzExMk5ISUy0SjQxNDcwMk4yN3b8IMEQwMTAwMoAwBIL4CgzmKeZGxmamqUmWFsYmFqbGluapxqnGaZYpJmYGSSkpiVwMRhYWRsYmhkbmxgDCaiTj',
    );
    expect(buildRtcToken({ ...base, uid: 0, role: 'SUBSCRIBER' })).toBe(
      '007eJxTYLhzZP08Lxa1Pg57+TcXb/3cZ3wi4V6kbpbOog0G2dOYk20UGCzNDZwdjU1TUs0Mkk1MzExMk5ISUy0SjQxNDcwMk4yN3b8IMEQwMTAwMoAwBIL4CgzmKeZGxmamqUmWFsYmFqbGluapxqnGaZYpJmYGSSkpiQwMADacImo=',
    );
  });

  it('decodes back to its fields: a PUBLISHER may join and publish audio, video and data', () => {
    const token = buildRtcToken({ ...base, uid: 42, role: 'PUBLISHER', expireSeconds: 3600 });
    const d = decodeAccessToken2(token);
    expect(d).toMatchObject({ appId: APP_ID, issueTs: 1111111, expire: 3600, salt: 1 });
    expect(d.services).toEqual([
      {
        type: RTC_SERVICE_TYPE,
        channelName: CHANNEL,
        uid: '42',
        privileges: {
          [RtcPrivilege.joinChannel]: 3600,
          [RtcPrivilege.publishAudioStream]: 3600,
          [RtcPrivilege.publishVideoStream]: 3600,
          [RtcPrivilege.publishDataStream]: 3600,
        },
      },
    ]);
  });

  it('gives a SUBSCRIBER only the join privilege, and uid 0 an empty uid', () => {
    const d = decodeAccessToken2(buildRtcToken({ ...base, uid: 0, role: 'SUBSCRIBER' }));
    expect(d.services[0]).toMatchObject({
      uid: '',
      privileges: { [RtcPrivilege.joinChannel]: 600 },
    });
    expect(Object.keys(d.services[0].privileges)).toEqual(['1']);
  });

  it('uses the current time and a random salt in 1..99999999 by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const d = decodeAccessToken2(
      buildRtcToken({
        appId: APP_ID,
        appCertificate: CERT,
        channelName: 'room',
        uid: 7,
        role: 'PUBLISHER',
        expireSeconds: 60,
      }),
    );
    expect(d.issueTs).toBeGreaterThanOrEqual(before);
    expect(d.issueTs).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(d.salt).toBeGreaterThanOrEqual(1);
    expect(d.salt).toBeLessThanOrEqual(99_999_999);
  });

  it('refuses credentials that are not 32 hex digits and out-of-range uids', () => {
    expect(() => buildRtcToken({ ...base, appId: 'short', uid: 1, role: 'PUBLISHER' })).toThrow(
      /32 hex digits/,
    );
    expect(() => buildRtcToken({ ...base, uid: -1, role: 'PUBLISHER' })).toThrow(/uid/);
    expect(() => buildRtcToken({ ...base, uid: 2 ** 32, role: 'PUBLISHER' })).toThrow(/uid/);
  });
});

describe('verifyAccessToken2', () => {
  const token = buildRtcToken({ ...base, uid: UID, role: 'PUBLISHER' });

  it('verifies with the certificate that signed it and no other', () => {
    expect(verifyAccessToken2(token, CERT)).toBe(true);
    expect(verifyAccessToken2(token, 'a'.repeat(32))).toBe(false);
    expect(verifyAccessToken2(token, 'not-a-certificate')).toBe(false);
  });

  it('fails when a signed field is changed', () => {
    const content = inflateSync(Buffer.from(token.slice(3), 'base64'));
    // The last byte is the uid's last digit: change it and re-pack without re-signing.
    content[content.length - 1] ^= 0x01;
    const forged = `007${deflateSync(content).toString('base64')}`;
    expect(decodeAccessToken2(forged).services[0].uid).not.toBe(String(UID));
    expect(verifyAccessToken2(forged, CERT)).toBe(false);
  });

  it('answers false for something that is not an AccessToken2', () => {
    expect(verifyAccessToken2('006abc', CERT)).toBe(false);
    expect(verifyAccessToken2('007not-zlib', CERT)).toBe(false);
    expect(() =>
      decodeAccessToken2('007' + deflateSync(Buffer.from([1])).toString('base64')),
    ).toThrow(/truncated/);
  });
});
