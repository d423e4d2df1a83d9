// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { sampleState } from '@tt/room-client/testing';
import type { ClientRoomState } from '@tt/protocol';
import { testI18n } from '../../../testing/i18n';
import type { ChatItem } from '../../chat/model';
import { useChatStore } from '../../chat/store';
import { ANNOUNCE_STORAGE_KEY, VOTE_ANNOUNCE_MS } from './announce';
import { RoomAnnouncer } from './RoomAnnouncer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROOM = 'b7c1a3f0-0000-4000-8000-000000000001';
const KEY = `group:${ROOM}`;
const me = { uuid: 'a', roles: ['user'], isGuest: false };

let i18n: I18n;
let root: Root;
let host: HTMLDivElement;
beforeAll(async () => {
  i18n = await testI18n();
});
beforeEach(() => {
  localStorage.clear();
  useChatStore.getState().reset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const profile = (uuid: string, nickname: string) => ({
  userProfile: { uuid, nickname, color: '#fff', avatarId: 'a1' },
  position: { x: 0, y: 0 },
  songVotes: {},
});
const dj = (uuid: string) => ({
  uuid,
  tokenRole: 'user' as const,
  highestRole: undefined,
  canDj: true,
  nextSong: null,
});

function room(over: Partial<ClientRoomState> = {}): ClientRoomState {
  const base = sampleState();
  return sampleState({
    allUserData: { ...base.allUserData, d: profile('d', 'Dj Nova'), e: profile('e', 'Eli') },
    settings: { ...base.settings, uuid: ROOM, dislikes: 'on', roomRoles: [] },
    djs: [dj('d')],
    nowPlaying: {
      song: { trackName: 'Morning Tide', artistName: 'Nova', duration: 200 } as never,
      startTime: 1_000,
      endTime: 201_000,
    },
    ...over,
  });
}

const chat = (uuid: string, sender: string, userName: string, text: string, at: number) =>
  ({
    uuid,
    id: uuid,
    sender,
    userName,
    text,
    imageUrls: [],
    songs: [],
    mentions: [],
    reactions: {},
    type: 'user',
    sentAtMs: at,
    edited: false,
    deleted: false,
    send: 'sent',
    attempts: 0,
  }) as ChatItem;

const render = (state: ClientRoomState, extra?: React.ReactNode) =>
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        {extra}
        <RoomAnnouncer state={state} me={me} />
      </I18nextProvider>,
    ),
  );
const said = () =>
  [...host.querySelectorAll('[data-testid="room-announcer"] p')].map((p) => p.textContent);
const region = () => host.querySelector('[data-testid="room-announcer"]')!;
const loadHistory = (items: ChatItem[]) =>
  act(() => {
    useChatStore.getState().upsert(KEY, items);
    useChatStore.getState().patch(KEY, () => ({ loaded: true }));
  });
const arrive = (item: ChatItem) => act(() => useChatStore.getState().upsert(KEY, [item]));

describe('A11Y-4/5: the room announcer', () => {
  it('A11Y-4: a polite live region says the song on entering, a new song and DJ changes (important, the default)', async () => {
    await render(room());
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('role')).toBe('status');
    expect(said()).toEqual(['Now playing: Morning Tide by Nova, DJ Dj Nova']);

    await render(room({ djs: [dj('d'), dj('e')] }));
    await render(
      room({
        djs: [dj('e')],
        nowPlaying: {
          song: { trackName: 'Low Sun', artistName: 'Eli', duration: 100 } as never,
          startTime: 300_000,
          endTime: 400_000,
        },
      }),
    );
    expect(said()).toEqual([
      'Now playing: Morning Tide by Nova, DJ Dj Nova',
      'Eli stepped up to DJ',
      'Dj Nova left the decks',
      'Now playing: Low Sun by Eli, DJ Eli',
    ]);

    // A11Y-5: important only: no votes, no chat.
    const lowSun = {
      song: { trackName: 'Low Sun', artistName: 'Eli', duration: 100 } as never,
      startTime: 300_000,
      endTime: 400_000,
    };
    await render(
      room({ djs: [dj('e')], nowPlaying: lowSun, voteCounts: { likes: 1, dislikes: 0, stars: 0 } }),
    );
    await loadHistory([]);
    await arrive(chat('m1', 'e', 'Eli', 'hello', Date.now()));
    expect(said()).toHaveLength(4);
  });

  it('A11Y-5: "everything" adds throttled vote totals and others\' new chat; history and my own messages are not said', async () => {
    localStorage.setItem(ANNOUNCE_STORAGE_KEY, 'everything');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await render(room());
    await loadHistory([chat('old', 'e', 'Eli', 'earlier today', Date.now() - 60_000)]);
    await render(room({ voteCounts: { likes: 1, dislikes: 0, stars: 0 } }));
    await render(room({ voteCounts: { likes: 2, dislikes: 0, stars: 0 } }));
    await render(room({ voteCounts: { likes: 2, dislikes: 1, stars: 1 } }));
    expect(said().slice(1)).toEqual(['Votes: 1 like, 0 dislikes, 0 stars']);
    await act(async () => vi.advanceTimersByTime(VOTE_ANNOUNCE_MS));
    expect(said().slice(1)).toEqual([
      'Votes: 1 like, 0 dislikes, 0 stars',
      'Votes: 2 likes, 1 dislike, 1 star',
    ]);

    await arrive(chat('m2', 'e', 'Eli', 'great tune', Date.now()));
    await arrive(chat('m3', 'a', 'Ana', 'thanks', Date.now()));
    expect(said().at(-1)).toBe('Eli says: great tune');
    expect(said().join('|')).not.toContain('earlier today');
    expect(said().join('|')).not.toContain('thanks');
  });

  it('A11Y-5: "off" says nothing, and the choice is kept on the device', async () => {
    await render(room());
    const select = host.querySelector<HTMLSelectElement>('[data-testid="announce-level"]')!;
    expect(select.closest('label')?.textContent).toContain('Screen reader announcements');
    await act(() => {
      select.value = 'off';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(localStorage.getItem(ANNOUNCE_STORAGE_KEY)).toBe('off');
    const before = said().length;
    await render(room({ djs: [] }));
    expect(said()).toHaveLength(before);
  });

  it('A11Y-6: updates and announcements leave focus (and what is typed) in the chat input', async () => {
    localStorage.setItem(ANNOUNCE_STORAGE_KEY, 'everything');
    const input = <input aria-label="Message" data-testid="typing" />;
    await render(room(), input);
    const box = host.querySelector<HTMLInputElement>('[data-testid="typing"]')!;
    box.focus();
    box.value = 'half a thou';
    await loadHistory([]);
    await arrive(chat('m4', 'e', 'Eli', 'hi all', Date.now()));
    await render(room({ voteCounts: { likes: 3, dislikes: 0, stars: 0 } }), input);
    await render(room({ djs: [] }), input);
    expect(said().length).toBeGreaterThan(2);
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('half a thou');
  });
});
