import { describe, expect, it, vi } from 'vitest';
import type { CometMessage } from '@tt/protocol';
import { CHAT_LOCAL_ID, CHAT_MERGE_MAX_NEW } from './chat';
import {
  applyReaction,
  hasMedia,
  localItem,
  mentionQuery,
  mentionsIn,
  newUuid,
  sendBody,
  textParts,
  toChatItem,
  upsertItems,
  type ChatItem,
  type ChatMusicInfo,
} from './chat-view';

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

describe('the chat as the apps show it', () => {
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

  it('CHAT-IDENTITY-1, CHAT-VALID-3: a room text send carries its text and mentions only when any', () => {
    const ana = [{ userNickname: 'Ana', start: 0, userUuid: 'u-me' }];
    const body = sendBody({ kind: 'group', guid: 'r1' }, 'u3', me, {
      text: '@Ana hi',
      mentions: ana,
    });
    expect(body).toMatchObject({ receiver: 'r1', receiverType: 'group', type: 'text', muid: 'u3' });
    expect(body.data.text).toBe('@Ana hi');
    expect(body.data.metadata.chatMessage).toMatchObject({ message: '@Ana hi', mentions: ana });
    const plain = sendBody({ kind: 'group', guid: 'r1' }, 'u4', me, { text: 'yo', mentions: [] });
    expect(plain.data.metadata.chatMessage).not.toHaveProperty('mentions');
  });

  it('CHAT-GIF-3, CHAT-IMAGE-1: gifs and pictures are media; a recalled one shows none', () => {
    const gif = toChatItem(
      comet(12, { message: { type: 'gif', url: 'https://g.example/2.gif' }, uuid: 'x12' }),
    );
    expect(gif).toMatchObject({ text: '', gif: { url: 'https://g.example/2.gif' } });
    expect(hasMedia(gif)).toBe(true);
    const picture = toChatItem(
      comet(
        13,
        { message: '', uuid: 'x13', imageUrls: ['/api/chat-service/images/p'] },
        {
          type: 'image',
        },
      ),
    );
    expect(picture.imageUrls).toEqual(['/api/chat-service/images/p']);
    expect(hasMedia(picture)).toBe(true);
    const recalled = toChatItem(
      comet(14, { message: { type: 'gif', url: 'https://g.example/3.gif' } }, { deletedAt: 2 }),
    );
    expect(hasMedia(recalled)).toBe(false);
    expect(hasMedia(toChatItem(comet(15, { message: 'just text' })))).toBe(false);
    expect(hasMedia(localItem('x16', me, { text: 'hi' }, 1))).toBe(false);
  });

  it('CHAT-LINK-3: the music-info attachments a message carries are kept, others dropped', () => {
    const card: ChatMusicInfo = {
      type: 'ChatMusicInfo',
      providersUrls: { spotify: 'https://open.spotify.com/track/1' },
      trackInfo: { title: 'Open Air', userName: 'Velvet Lanterns', isrc: 'USABC2400001' },
    };
    const item = toChatItem(
      comet(17, { message: 'listen', uuid: 'x17', songs: [card, { type: 'other' }] }),
    );
    expect(item.songs).toEqual([card]);
  });

  it('CHAT-IDENTITY-1: without the sender entity the name falls back to "?"', () => {
    const m = comet(18, { message: 'hey' });
    const bare = { ...m, data: { ...m.data, entities: undefined } } as unknown as CometMessage;
    expect(toChatItem(bare).userName).toBe('?');
  });

  it('CHAT-REACT-1: a reaction event is applied once; counts without names come from CometChat', () => {
    const item = toChatItem(
      comet(19, { message: 'hi', uuid: 'x19' }, { reactions: [{ reaction: '🔥', count: 2 }] }),
    );
    expect(item.reactions).toEqual({ '🔥': ['?0', '?1'] });
    const once = applyReaction([item], '19', '❤️', 'u-me', true);
    expect(once[0].reactions['❤️']).toEqual(['u-me']);
    expect(applyReaction(once, '19', '❤️', 'u-me', true)).toEqual(once);
    expect(applyReaction(once, '19', '❤️', 'u-me', false)[0].reactions).not.toHaveProperty('❤️');
    expect(applyReaction(once, '99', '❤️', 'u-x', true)).toEqual(once);
  });

  it('CHAT-MERGE-1: confirmed messages in the server order, local ones last; an older page in front', () => {
    const a = toChatItem(comet(21, { message: 'a', uuid: 'a' }));
    const b = toChatItem(comet(22, { message: 'b', uuid: 'b' }));
    const local = localItem('l', me, { text: 'l' }, 0);
    expect(upsertItems([local, b], [a]).map((m) => m.uuid)).toEqual(['a', 'b', 'l']);
    const older = toChatItem(comet(20, { message: 'o', uuid: 'o', reportIdentifier: 'r20' }));
    expect(upsertItems([a], [older], new Set(), 'before').map((m) => m.uuid)).toEqual(['o', 'a']);
    expect(upsertItems([a], [older], new Set(['r20']), 'before')).toEqual([a]);
  });

  it('CHAT-TEXT-1: links in a text are parts of their own, the rest stays text', () => {
    expect(textParts('see https://x.example/a now', [])).toEqual([
      { text: 'see ' },
      { text: 'https://x.example/a', link: 'https://x.example/a' },
      { text: ' now' },
    ]);
    expect(textParts('@Zed hi', [{ userNickname: 'Ana', start: 0, userUuid: 'a' }])).toEqual([
      { text: '@Zed hi' },
    ]);
  });

  it('CHAT-IDEMP-1: a client id is a fresh v4 UUID, with or without crypto.randomUUID', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = [newUuid(), newUuid()];
    vi.stubGlobal('crypto', undefined); // as on the phone's JavaScript engine
    try {
      ids.push(newUuid(), newUuid());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(v4);
  });
});
