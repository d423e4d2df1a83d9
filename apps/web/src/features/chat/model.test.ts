import { describe, expect, it } from 'vitest';
import type { CometMessage } from '@tt/protocol';
import { CHAT_LOCAL_ID, CHAT_MERGE_MAX_NEW } from '@tt/rules';
import {
  localItem,
  mentionQuery,
  mentionsIn,
  sendBody,
  textParts,
  toChatItem,
  type ChatItem,
} from './model';
import { upsertItems } from './store';

const me = { uuid: 'u-me', userName: 'Ana', avatarId: 'a1', color: '#ff00aa' };

function comet(id: number, chat: Record<string, unknown>, extra: Partial<CometMessage> = {}) {
  const user = { uid: 'u-b', name: 'Ben', avatar: 'a2', status: 'online', role: 'default' };
  return {
    id: String(id),
    conversationId: 'group_r1',
    sender: 'u-b',
    receiver: 'r1',
    receiverType: 'group',
    category: 'message',
    type: 'text',
    data: {
      text: typeof chat.message === 'string' ? chat.message : undefined,
      metadata: { chatMessage: chat },
      entities: {
        sender: { entity: user, entityType: 'user' },
        receiver: { entity: user, entityType: 'user' },
      },
    },
    sentAt: 1_700_000_000 + id,
    updatedAt: 1_700_000_000 + id,
    reactions: [],
    ...extra,
  } as CometMessage;
}

describe('chat model (web)', () => {
  it('CHAT-IDENTITY-1: a server message shows the product message it carries', () => {
    const item = toChatItem(
      comet(7, {
        message: 'hi @Ana',
        uuid: 'x7',
        userName: 'Ben',
        reactions: { '🔥': ['u-me'] },
        mentions: [{ userNickname: 'Ana', start: 3, userUuid: 'u-me' }],
      }),
    );
    expect(item).toMatchObject({
      uuid: 'x7',
      id: '7',
      text: 'hi @Ana',
      userName: 'Ben',
      send: 'sent',
    });
    expect(item.reactions).toEqual({ '🔥': ['u-me'] });
    expect(item.picture).toBeUndefined();
    expect(textParts(item.text, item.mentions)).toEqual([
      { text: 'hi ' },
      { text: '@Ana', mention: { userNickname: 'Ana', start: 3, userUuid: 'u-me' } },
    ]);
  });

  it('CHAT-RECALL-1: a recalled message shows no content', () => {
    const item = toChatItem(comet(8, { message: 'secret', uuid: 'x8' }, { deletedAt: 1 }));
    expect(item.deleted).toBe(true);
    expect(item.text).toBe('');
  });

  it('CHAT-MERGE-1: a local copy (id −1) is replaced by its confirmation, duplicates dropped', () => {
    const local = localItem('x9', me, { text: 'yo' }, 1);
    expect(local.id).toBe(CHAT_LOCAL_ID);
    const confirmed = toChatItem(comet(9, { message: 'yo', uuid: 'x9' }));
    const once = upsertItems([local], [confirmed], new Set());
    expect(once).toHaveLength(1);
    expect(once[0].id).toBe('9');
    expect(upsertItems(once, [confirmed], new Set())).toHaveLength(1);
  });

  it('CHAT-MERGE-1: at most 300 new messages are kept; reported ones are hidden', () => {
    const many = Array.from({ length: CHAT_MERGE_MAX_NEW + 20 }, (_, i) =>
      toChatItem(
        comet(i + 1, { message: `m${i}`, uuid: `m${i}`, reportIdentifier: String(i + 1) }),
      ),
    );
    const merged = upsertItems([], many, new Set(['320']));
    expect(merged).toHaveLength(CHAT_MERGE_MAX_NEW - 1);
    expect(merged.some((m: ChatItem) => m.reportIdentifier === '320')).toBe(false);
  });

  it('CHAT-VALID-3: mentions are found where the text holds them; the @-query at the caret', () => {
    expect(mentionQuery('hey @Be', 7)).toEqual({ start: 4, query: 'Be' });
    expect(mentionQuery('mail a@b', 8)).toBeNull();
    expect(
      mentionsIn('@Ben and @Ana, @Ben', [
        { uuid: 'b', nickname: 'Ben' },
        { uuid: 'a', nickname: 'Ana' },
      ]),
    ).toEqual([
      { userNickname: 'Ben', start: 0, userUuid: 'b' },
      { userNickname: 'Ana', start: 9, userUuid: 'a' },
      { userNickname: 'Ben', start: 15, userUuid: 'b' },
    ]);
  });

  it('CHAT-IDEMP-1, CHAT-GIF-3: a send carries its uuid as muid; a gif travels as a gif object', () => {
    const body = sendBody({ kind: 'group', guid: 'r1' }, 'u1', me, {
      text: '',
      gif: { type: 'gif', url: 'https://g.example/1.gif', title: 'party' },
    });
    expect(body.muid).toBe('u1');
    expect(body.data.metadata.chatMessage).toMatchObject({
      message: { type: 'gif', url: 'https://g.example/1.gif' },
      media: { uri: 'https://g.example/1.gif' },
      userUuid: 'u-me',
      avatarId: 'a1',
    });
    const image = sendBody({ kind: 'user', uid: 'u-b' }, 'u2', me, {
      text: '',
      image: { url: '/api/chat-service/images/x.png', contentType: 'image/png' },
    });
    expect(image).toMatchObject({ type: 'image', receiverType: 'user', receiver: 'u-b' });
    expect(image.data.attachments).toEqual([
      { url: '/api/chat-service/images/x.png', mimeType: 'image/png' },
    ]);
  });
});

describe('song links (web)', () => {
  it('CHAT-WEB-3, CHAT-LINK-3: a resolved song becomes a ChatMusicInfo card that can be queued', async () => {
    const { toMusicInfo, cardSong } = await import('./music');
    const song = {
      trackName: 'Open Air',
      artistName: 'Velvet Lanterns',
      genre: 'House',
      duration: 201,
      isrc: 'USABC2400001',
      explicit: false,
      musicProviders: { spotify: '4uLU6hMCjMI75M1A2tKUQC' },
      thumbnails: { spotify: 'https://i.scdn.example/art.jpg' },
      links: {},
      previews: ['https://p.scdn.example/clip.mp3'],
      streamUrls: {},
      albumName: null,
      releaseYear: null,
      id: null,
      songShortId: null,
    } as unknown as import('@tt/protocol').SongDataDto;
    const link = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
    const card = toMusicInfo(song, link);
    expect(card).toMatchObject({
      type: 'ChatMusicInfo',
      providersUrls: { spotify: link },
      trackInfo: {
        title: 'Open Air',
        userName: 'Velvet Lanterns',
        isrc: 'USABC2400001',
        provider: 'spotify',
      },
    });
    expect(cardSong(card)).toMatchObject({ trackName: 'Open Air', isrc: 'USABC2400001' });
    const item = toChatItem(comet(11, { message: `listen ${link}`, uuid: 'x11', songs: [card] }));
    expect(item.songs).toHaveLength(1);
  });
});
