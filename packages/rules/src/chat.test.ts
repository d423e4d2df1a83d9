import { describe, expect, it } from 'vitest';
import {
  CHAT_LINK_HOSTS,
  CHAT_MERGE_MAX_NEW,
  canBecomeMusicInfo,
  canEdit,
  canRecall,
  chatMessageProblem,
  classifyConversation,
  inboxLists,
  openingInboxTab,
  isResolvableChatLink,
  isValidChatMessage,
  mergeChatMessages,
  parseRateRule,
  resolvableChatLinks,
  toggleReaction,
} from './chat';
import { roleInForce } from './access/can';

const user = { userUuid: 'u-1', userName: 'Ann', avatarId: 'bear' };

describe('chat message validity', () => {
  it('CHAT-VALID-1: text, or both image data and media; room messages always', () => {
    expect(isValidChatMessage({ ...user, message: 'hi' })).toBe(true);
    expect(isValidChatMessage({ ...user, message: '   ' })).toBe(false);
    expect(isValidChatMessage({ ...user, message: { type: 'ChatMusicInfo' } })).toBe(true);
    expect(isValidChatMessage({ ...user, imageUrls: ['https://x/a.png'] })).toBe(false);
    expect(isValidChatMessage({ ...user, media: { uri: 'https://x/a.png' } })).toBe(false);
    expect(
      isValidChatMessage({ ...user, imageUrls: ['https://x/a.png'], media: { uri: 'https://x' } }),
    ).toBe(true);
    expect(isValidChatMessage({ ...user, imageBase64: 'AAAA', media: { uri: 'file://a' } })).toBe(
      true,
    );
    expect(isValidChatMessage({ type: 'room' })).toBe(true);
    expect(chatMessageProblem({ ...user })).toBe('a message needs text, or an image and its media');
  });

  it('CHAT-VALID-2: a user message needs userUuid, userName and avatarId', () => {
    for (const f of ['userUuid', 'userName', 'avatarId'] as const) {
      const m = { ...user, message: 'hi', [f]: '' };
      expect(isValidChatMessage(m)).toBe(false);
      expect(chatMessageProblem(m)).toBe(`a user message needs ${f}`);
    }
  });

  it('CHAT-VALID-3: each mention needs userNickname, start and userUuid', () => {
    const ok = { userNickname: 'bo', start: 0, userUuid: 'u-2' };
    expect(isValidChatMessage({ ...user, message: '@bo hi', mentions: [ok] })).toBe(true);
    for (const bad of [
      { ...ok, userNickname: '' },
      { ...ok, start: -1 },
      { ...ok, start: 1.5 },
      { userNickname: 'bo', userUuid: 'u-2' },
      { ...ok, userUuid: undefined },
    ]) {
      const m = { ...user, message: '@bo hi', mentions: [ok, bad] };
      expect(isValidChatMessage(m)).toBe(false);
      expect(chatMessageProblem(m)).toBe('mentions.1 needs userNickname, start and userUuid');
    }
    expect(isValidChatMessage({ ...user, message: 'hi', mentions: 'bo' })).toBe(false);
  });
});

describe('chat links', () => {
  it('CHAT-LINK-1: only the 13 provider hosts resolve', () => {
    expect(CHAT_LINK_HOSTS).toHaveLength(13);
    for (const link of [
      'https://open.spotify.com/track/1',
      'https://youtu.be/abc',
      'https://music.apple.com/us/album/x',
      'https://www.deezer.com/track/1',
      'http://soundcloud.com/a/b',
      'https://music.amazon.com/x',
    ]) {
      expect(isResolvableChatLink(link), link).toBe(true);
    }
    for (const link of ['https://example.com/spot', 'ftp://spotify.com/x', 'not a url']) {
      expect(isResolvableChatLink(link), link).toBe(false);
    }
  });

  it('CHAT-LINK-2: links are found in text, once each; gif messages are not scanned', () => {
    const text =
      'try https://open.spotify.com/track/1 and https://example.com and https://open.spotify.com/track/1';
    expect(resolvableChatLinks(text)).toEqual(['https://open.spotify.com/track/1']);
    expect(resolvableChatLinks(text, { isGif: true })).toEqual([]);
  });

  it('CHAT-LINK-3: a resolved song becomes music info only with an ISRC', () => {
    expect(canBecomeMusicInfo({ isrc: 'USRC17607839' })).toBe(true);
    expect(canBecomeMusicInfo({ isrc: '' })).toBe(false);
    expect(canBecomeMusicInfo({ isrc: null })).toBe(false);
    expect(canBecomeMusicInfo({})).toBe(false);
  });
});

describe('chat timing rules', () => {
  const msg = { sender: 'u-1', type: 'text', sentAtMs: 1_000_000 };

  it('CHAT-RECALL-1: own text messages only, within 20 s', () => {
    expect(canRecall(msg, 'u-1', 1_000_000 + 20_000)).toBe(true);
    expect(canRecall(msg, 'u-1', 1_000_000 + 20_001)).toBe(false);
    expect(canRecall(msg, 'u-2', 1_000_001)).toBe(false);
    expect(canRecall({ ...msg, type: 'image' }, 'u-1', 1_000_001)).toBe(false);
    expect(canRecall({ ...msg, deleted: true }, 'u-1', 1_000_001)).toBe(false);
  });

  it('CHAT-EDIT-1: own text messages within 15 minutes', () => {
    expect(canEdit(msg, 'u-1', 1_000_000 + 900_000)).toBe(true);
    expect(canEdit(msg, 'u-1', 1_000_000 + 900_001)).toBe(false);
    expect(canEdit(msg, 'u-2', 1_000_001)).toBe(false);
  });

  it('CHAT-MUTE-1: a role counts only until its expirationTime', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(roleInForce({ expirationTime: null }, now)).toBe(true);
    expect(roleInForce({ expirationTime: '2030-01-01T00:00:01Z' }, now)).toBe(true);
    expect(roleInForce({ expirationTime: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('reactions and merging', () => {
  it('CHAT-REACT-1: reacting again removes the reaction', () => {
    let r = toggleReaction({}, '🔥', 'a');
    r = toggleReaction(r, '🔥', 'b');
    expect(r).toEqual({ '🔥': ['a', 'b'] });
    r = toggleReaction(r, '🔥', 'a');
    expect(r).toEqual({ '🔥': ['b'] });
    expect(toggleReaction(r, '🔥', 'b')).toEqual({});
  });

  it('CHAT-MERGE-1: duplicates by uuid dropped, at most 300 new, reported ones removed', () => {
    const m = (uuid: string, reportIdentifier?: string) => ({
      uuid,
      message: uuid,
      reportIdentifier,
    });
    const current = [m('a'), m('b')];
    const merged = mergeChatMessages(
      current,
      [m('b'), m('c'), m('c'), m('d', 'r-d')],
      new Set(['r-d']),
    );
    expect(merged.map((x) => x.uuid)).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: 350 }, (_, i) => m(`n${i}`));
    const big = mergeChatMessages([], many);
    expect(big).toHaveLength(CHAT_MERGE_MAX_NEW);
    expect(big[0].uuid).toBe('n50');
  });

  it('CHAT-FLOOD-1: rate rules parse as burst/perSecond', () => {
    expect(parseRateRule('10/1')).toEqual({ burst: 10, perSecond: 1 });
    expect(parseRateRule(' 3/0.5 ')).toEqual({ burst: 3, perSecond: 0.5 });
    expect(() => parseRateRule('0/1')).toThrow(/burst/);
    expect(() => parseRateRule('ten')).toThrow(/burst\/perSecond/);
  });

  it('CHAT-INBOX-1: friends and followed DJs are FRIENDS, everyone else OTHERS; unknown lists UNSET', () => {
    const lists = { friends: new Set(['f']), followedDjs: new Set(['d']) };
    expect(classifyConversation('f', lists)).toBe('FRIENDS');
    expect(classifyConversation('d', lists)).toBe('FRIENDS');
    expect(classifyConversation('x', lists)).toBe('OTHERS');
    expect(classifyConversation('f', null)).toBe('UNSET');
  });

  it('CHAT-INBOX-1: the lists come from the friends list once it has answered, none before', () => {
    expect(inboxLists(null)).toBeNull();
    expect(classifyConversation('f', inboxLists(null))).toBe('UNSET');
    expect(classifyConversation('f', inboxLists(['f']))).toBe('FRIENDS');
    expect(classifyConversation('x', inboxLists(['f']))).toBe('OTHERS');
    expect(classifyConversation('f', inboxLists([]))).toBe('OTHERS');
  });

  it('CHAT-INBOX-2: the inbox opens on the list with unread messages, else the one with conversations', () => {
    const f = (unread: number) => ({ category: 'FRIENDS' as const, unread });
    const o = (unread: number) => ({ category: 'OTHERS' as const, unread });
    expect(openingInboxTab([o(0), f(1)])).toBe('FRIENDS');
    expect(openingInboxTab([o(2), f(0)])).toBe('OTHERS');
    expect(openingInboxTab([o(2), f(1)])).toBe('FRIENDS');
    expect(openingInboxTab([o(0)])).toBe('OTHERS');
    expect(openingInboxTab([o(0), f(0)])).toBe('FRIENDS');
    expect(openingInboxTab([])).toBe('FRIENDS');
    // Before the social lists answer, conversations are UNSET and count with OTHERS.
    expect(openingInboxTab([{ category: 'UNSET', unread: 1 }])).toBe('OTHERS');
  });
});
