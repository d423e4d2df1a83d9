import { describe, expect, it } from 'vitest';
import { can } from './access/index';
import {
  containsLink,
  earnedTrust,
  isBusyRoom,
  isTrustRefusal,
  sendHasLinkOrImage,
  trustMissing,
  trustProgressIn,
  trustProgressText,
} from './trust';

const T = { minSongsHeard: 20, minPoints: 50, busyRoomListeners: 25 };

describe('TRUST-2: listening a while or earning points earns trust', () => {
  it('either threshold is enough, reached exactly', () => {
    expect(earnedTrust({ songsHeard: 0, points: 0 }, T)).toBe(false);
    expect(earnedTrust({ songsHeard: 19, points: 49 }, T)).toBe(false);
    expect(earnedTrust({ songsHeard: 20, points: 0 }, T)).toBe(true);
    expect(earnedTrust({ songsHeard: 0, points: 50 }, T)).toBe(true);
  });
  it('a threshold of 0 trusts everyone (tests, small servers)', () => {
    expect(earnedTrust({ songsHeard: 0, points: 0 }, { ...T, minPoints: 0 })).toBe(true);
    expect(earnedTrust({ songsHeard: 0, points: 0 }, { ...T, minSongsHeard: 0 })).toBe(true);
  });
});

describe('TRUST-3: trust.skip through the access table', () => {
  it('staff, moderators (and those above), bots hold it by role; a plain user does not', () => {
    for (const r of ['staff', 'moderator', 'globalModerator', 'admin', 'superUser', 'bot'] as const)
      expect(can({ uuid: 'a', roles: ['user', r] }, 'trust.skip'), r).toBe(true);
    expect(can({ uuid: 'a', roles: ['user'] }, 'trust.skip')).toBe(false);
    expect(can({ uuid: 'a', roles: ['user', 'promoter'] }, 'trust.skip')).toBe(false);
  });
  it('an account past a threshold holds it (trust:earned); a guest never does', () => {
    expect(can({ uuid: 'a', roles: ['user'], trusted: true }, 'trust.skip')).toBe(true);
    expect(can({ uuid: 'a', roles: ['user'], trusted: false }, 'trust.skip')).toBe(false);
    expect(can({ uuid: 'g', roles: ['guest'], trusted: true }, 'trust.skip')).toBe(false);
  });
});

describe('TRUST-4: links and images', () => {
  it('finds links: schemes, www., bare domains, invites', () => {
    for (const t of [
      'see https://spam.example',
      'http://x.y',
      'go to www.cheap-stuff.biz now',
      'bit.ly/abc',
      'visit spam.xyz',
      'join discord.gg/abc',
      'EXAMPLE.COM',
    ])
      expect(containsLink(t), t).toBe(true);
  });
  it('leaves plain chat alone', () => {
    for (const t of [
      'hello there',
      'great song!!',
      'e.g. this one',
      'version 1.2.3',
      'lol...ok',
      'what time is it? 3.30',
      'Mr. Brightside',
    ])
      expect(containsLink(t), t).toBe(false);
  });
  it('a send with an image, an attachment, media or a link in its text or chat message', () => {
    expect(sendHasLinkOrImage({ type: 'text', text: 'hi' })).toBe(false);
    expect(sendHasLinkOrImage({ type: 'image', text: null })).toBe(true);
    expect(sendHasLinkOrImage({ type: 'text', attachments: [{}] })).toBe(true);
    expect(sendHasLinkOrImage({ type: 'text', chatMessage: { imageUrls: ['x'] } })).toBe(true);
    expect(sendHasLinkOrImage({ type: 'text', chatMessage: { media: { uri: 'u' } } })).toBe(true);
    expect(sendHasLinkOrImage({ type: 'text', chatMessage: { message: 'a.com' } })).toBe(true);
    expect(sendHasLinkOrImage({ type: 'text', text: 'https://a.b/c' })).toBe(true);
    const gif = { type: 'gif', url: 'https://media.example/0.gif', title: 'cat' };
    expect(sendHasLinkOrImage({ type: 'text', text: 'cat', chatMessage: { message: gif } })).toBe(
      true,
    );
  });
});

describe('TRUST-6: busy rooms', () => {
  it('busy means more listeners than the setting', () => {
    expect(isBusyRoom(25, T)).toBe(false);
    expect(isBusyRoom(26, T)).toBe(true);
    expect(isBusyRoom(1, { busyRoomListeners: 0 })).toBe(true);
  });
});

describe('TRUST-7: how far the person is', () => {
  it('what is missing by each road, never below zero', () => {
    expect(trustMissing({ songsHeard: 5, points: 10 }, T)).toEqual({ songs: 15, points: 40 });
    expect(trustMissing({ songsHeard: 30, points: 90 }, T)).toEqual({ songs: 0, points: 0 });
  });
  it('the sentence names both roads and the counts', () => {
    const text = trustProgressText({ songsHeard: 19, points: 10 }, T);
    expect(text).toContain('Listen to 1 more song or earn 40 more points');
    expect(text).toContain('heard 19 of 20');
  });
});

describe('TRUST-7: clients read the progress back from a refusal', () => {
  it('the numbers of the sentence, and what is missing', () => {
    const text = `New accounts cannot post links or images yet. ${trustProgressText({ songsHeard: 4, points: 12 }, T)}`;
    expect(trustProgressIn(text)).toEqual({
      songs: 16,
      points: 38,
      heard: 4,
      needSongs: 20,
      earned: 12,
      needPoints: 50,
    });
    expect(trustProgressIn('You cannot message this user.')).toBeNull();
    expect(isTrustRefusal('TRUST_DM_NOT_YET')).toBe(true);
    expect(isTrustRefusal('CHAT_BLOCKED')).toBe(false);
    expect(isTrustRefusal(null)).toBe(false);
  });
});
