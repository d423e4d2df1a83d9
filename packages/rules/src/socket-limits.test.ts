import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET_FRAME_LIMIT } from './chat';
import { FLOOD_LIMITS } from './flood-limits';
import {
  parseSocketRateLimits,
  socketRateKind,
  SOCKET_RATE_LIMITS,
  TokenBucket,
} from './socket-limits';

describe('socket rate limits (SEC-FLOOD-1)', () => {
  it('SEC-FLOOD-1: a bucket allows its burst at once, then its steady rate', () => {
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, 0);
    let accepted = 0;
    for (let i = 0; i < 10; i++) {
      if (bucket.has(0)) {
        bucket.take(0);
        accepted++;
      }
    }
    expect(accepted).toBe(3);
    expect(bucket.has(400)).toBe(false);
    expect(bucket.has(500)).toBe(true);
    bucket.take(500);
    expect(bucket.has(500)).toBe(false);
    // Refills to the burst, never above it.
    expect(bucket.full(60_000)).toBe(true);
    for (let i = 0; i < 3; i++) bucket.take(60_000);
    expect(bucket.has(60_000)).toBe(false);
  });

  it('SEC-FLOOD-1: each action draws from its own bucket, the rest from "other"', () => {
    expect(socketRateKind('voteOnSong')).toBe('voteOnSong');
    expect(socketRateKind('joinRoom')).toBe('joinRoom');
    expect(socketRateKind('playOneTimeAnimation')).toBe('playOneTimeAnimation');
    expect(socketRateKind('addDj')).toBe('other');
    expect(socketRateKind(undefined)).toBe('other');
    expect(SOCKET_RATE_LIMITS.voteOnSong).toEqual({ burst: 10, perSecond: 2 });
  });

  it('SEC-FLOOD-1: overrides parse as kind=burst/perSecond, and bad ones are named', () => {
    expect(parseSocketRateLimits('voteOnSong=20/5, joinRoom=5/0.2')).toEqual({
      voteOnSong: { burst: 20, perSecond: 5 },
      joinRoom: { burst: 5, perSecond: 0.2 },
    });
    expect(parseSocketRateLimits('')).toEqual({});
    expect(() => parseSocketRateLimits('chats=1/1')).toThrow("'chats' is not one of");
    expect(parseSocketRateLimits('chat=40/10')).toEqual({ chat: { burst: 40, perSecond: 10 } });
    expect(() => parseSocketRateLimits('voteOnSong=10')).toThrow('is not kind=burst/perSecond');
    expect(() => parseSocketRateLimits('voteOnSong=0/1')).toThrow('needs burst');
  });
});

describe('one flood table for the one socket (GATEWAY-4)', () => {
  it('CHAT-FLOOD-2, GATEWAY-4: chat frames have their own kind in the socket table, 20 at once then 5/s, and the chat flood table points at it', () => {
    expect(SOCKET_RATE_LIMITS.chat).toEqual({ burst: 20, perSecond: 5 });
    expect(SOCKET_RATE_LIMITS.chat).toBe(CHAT_SOCKET_FRAME_LIMIT);
    expect(FLOOD_LIMITS.chatFrames).toBe(SOCKET_RATE_LIMITS.chat);
    // An action never draws from the chat bucket.
    expect(socketRateKind('chat')).toBe('other');
  });
});
