import { act, render } from '@testing-library/react-native';
import { AccessibilityInfo } from 'react-native';
import type { ClientRoomState, CometMessage } from '@tt/protocol';
import type { ChatListener } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { setAnnounceLevel, type AnnounceLevel } from '../settings/announce-level';
import { useAnnouncements, VOTE_ANNOUNCE_MS } from './useAnnouncements';

/** A11Y-PHONE-3, A11Y-PHONE-4: what the room tells the phone's screen reader, and how often. */
const mockChat = new Set<ChatListener>();
jest.mock('../chat/socket', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  return {
    useChatEvents: (l: ChatListener) =>
      useEffect(() => {
        mockChat.add(l);
        return () => void mockChat.delete(l);
      }),
  };
});

const announce = AccessibilityInfo.announceForAccessibility as jest.Mock;
const said = () => announce.mock.calls.map((c) => c[0] as string);

const person = (uuid: string, nickname: string) => ({
  userProfile: { uuid, nickname, color: '#000' },
  songVotes: {},
});
const seat = (uuid: string) => ({
  uuid,
  tokenRole: 'user',
  highestRole: undefined,
  canDj: true,
  nextSong: null,
});
function room(opts: {
  djs?: string[];
  song?: string;
  start?: number;
  votes?: [number, number, number];
}): ClientRoomState {
  const base = sampleState();
  return sampleState({
    settings: { ...base.settings, uuid: 'room-1', dislikes: 'on' } as never,
    allUserData: {
      d: person('d', 'DJ Nova'),
      e: person('e', 'Eve Echo'),
      me: person('me', 'Me'),
    } as never,
    djs: (opts.djs ?? ['d']).map(seat) as never,
    nowPlaying: opts.song
      ? ({
          song: { trackName: opts.song, artistName: 'Velvet Lanterns', duration: 200 },
          startTime: opts.start ?? 1,
          endTime: (opts.start ?? 1) + 200_000,
        } as never)
      : null,
    voteCounts: {
      likes: opts.votes?.[0] ?? 0,
      dislikes: opts.votes?.[1] ?? 0,
      stars: opts.votes?.[2] ?? 0,
    },
  });
}

function Harness({ state }: { state: ClientRoomState }) {
  useAnnouncements(state, 'me');
  return null;
}

async function show(level: AnnounceLevel, state: ClientRoomState) {
  await act(async () => setAnnounceLevel(level));
  const view = await render(<Harness state={state} />);
  return {
    update: (next: ClientRoomState) => act(async () => view.rerender(<Harness state={next} />)),
  };
}

function chat(over: Partial<CometMessage> & { text?: string; name?: string }): CometMessage {
  return {
    id: '1',
    conversationId: 'group_room-1',
    sender: over.sender ?? 'e',
    receiver: over.receiver ?? 'room-1',
    receiverType: 'group',
    category: 'message',
    type: 'text',
    data: {
      text: over.text ?? 'hello',
      entities: {
        sender: { entity: { uid: 'e', name: over.name ?? 'Eve Echo' }, entityType: 'user' },
        receiver: { entity: { guid: 'room-1', name: 'Late Night' }, entityType: 'group' },
      },
    },
    sentAt: 1,
    updatedAt: 1,
    reactions: [],
  } as unknown as CometMessage;
}

beforeEach(() => {
  announce.mockClear();
  mockChat.clear();
});
afterEach(() => jest.useRealTimers());

test('A11Y-PHONE-4: a new song is told (title, artist, DJ), and DJs stepping up and down', async () => {
  const { update } = await show('important', room({ song: 'Rooftop Hours', start: 1 }));
  expect(said()).toEqual(['Now playing: Rooftop Hours by Velvet Lanterns, DJ DJ Nova']);
  await update(room({ djs: ['d', 'e'], song: 'Rooftop Hours', start: 1 }));
  await update(room({ djs: ['e'], song: 'Night Drive', start: 2 }));
  expect(said().slice(1)).toEqual([
    'Eve Echo stepped up to DJ',
    'DJ Nova left the decks',
    'Now playing: Night Drive by Velvet Lanterns, DJ Eve Echo',
  ]);
});

test('A11Y-PHONE-3: "important" leaves out votes and chat; "off" says nothing at all', async () => {
  const first = await show('important', room({ song: 'Rooftop Hours' }));
  await first.update(room({ song: 'Rooftop Hours', votes: [1, 0, 0] }));
  await act(async () => mockChat.forEach((l) => l({ type: 'message', message: chat({}) })));
  expect(said()).toEqual(['Now playing: Rooftop Hours by Velvet Lanterns, DJ DJ Nova']);

  announce.mockClear();
  const off = await show('off', room({ song: 'Rooftop Hours' }));
  await off.update(room({ djs: ['e'], song: 'Night Drive', start: 2 }));
  expect(announce).not.toHaveBeenCalled();
});

test('A11Y-PHONE-4: with "everything", vote totals at most once every 10 s (the latest), and others’ chat', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const { update } = await show('everything', room({ song: 'Rooftop Hours' }));
  announce.mockClear();
  await update(room({ song: 'Rooftop Hours', votes: [1, 0, 0] }));
  expect(said()).toEqual(['Votes: 1 like, 0 dislikes, 0 stars']);
  await update(room({ song: 'Rooftop Hours', votes: [2, 0, 0] }));
  await update(room({ song: 'Rooftop Hours', votes: [3, 1, 1] }));
  expect(said()).toHaveLength(1);
  await act(async () => void jest.advanceTimersByTime(VOTE_ANNOUNCE_MS - 1));
  expect(said()).toHaveLength(1);
  await act(async () => void jest.advanceTimersByTime(1));
  expect(said()).toEqual([
    'Votes: 1 like, 0 dislikes, 0 stars',
    'Votes: 3 likes, 1 dislike, 1 star',
  ]);

  announce.mockClear();
  await act(async () => {
    mockChat.forEach((l) => l({ type: 'message', message: chat({ text: 'what a tune' }) }));
    mockChat.forEach((l) => l({ type: 'message', message: chat({ sender: 'me', text: 'mine' }) }));
    mockChat.forEach((l) =>
      l({ type: 'message', message: chat({ receiver: 'other-room', text: 'elsewhere' }) }),
    );
  });
  expect(said()).toEqual(['Eve Echo says: what a tune']);
});
