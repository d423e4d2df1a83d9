import { fireEvent, render, screen } from '@testing-library/react-native';
import { SOCKET_ACTIONS, type ClientRoomState, type DislikesMode } from '@tt/protocol';
import { sampleState } from '@tt/room-client/testing';
import { fakeFetch, Providers } from '../dj/testing';
import { VotePanel } from './VotePanel';

/** docs/ROOM-RULES.md VOTE-PLAY-1, VOTE-PLAY-4, VOTE-PLAY-5 on the phone's vote panel. */
jest.mock('./session'); // room/__mocks__/session.ts
const { roomSession: mockSession } = jest.requireMock<{ roomSession: { roomAction: jest.Mock } }>(
  './session',
);
jest.mock('../../lib/session', () =>
  jest.requireActual<typeof import('../dj/testing')>('../dj/testing').signedInSession(),
);

const START = 1_700_000_000_000;
function playing(dislikes: DislikesMode, dj = 'dj'): ClientRoomState {
  const base = sampleState();
  return sampleState({
    djs: [{ uuid: dj, tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null }],
    nowPlaying: {
      song: { trackName: 'Now', artistName: 'Someone', duration: 200 } as never,
      startTime: START,
      endTime: START + 200_000,
    },
    settings: { ...base.settings, dislikes, roomRoles: [] },
    voteCounts: { likes: 2, dislikes: 3, stars: 1 },
  });
}
const show = (state: ClientRoomState) =>
  render(
    <Providers>
      <VotePanel state={state} me={{ uuid: 'me', isGuest: false }} />
    </Providers>,
  );

beforeAll(() => {
  globalThis.fetch = fakeFetch(() => [200, {}]).fetch;
});
beforeEach(() => {
  mockSession.roomAction.mockReset();
  mockSession.roomAction.mockResolvedValue({});
});

test('VOTE-PLAY-1: a like, a dislike and a star name the play shown', async () => {
  await show(playing('on'));
  await fireEvent.press(screen.getByTestId('vote-like'));
  await fireEvent.press(screen.getByTestId('vote-dislike'));
  await fireEvent.press(screen.getByTestId('vote-star'));
  for (const songVotes of [{ like: true }, { like: false }, { star: true }]) {
    expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.voteOnSong, {
      songVotes,
      playStartTime: START,
    });
  }
  expect(screen.getByTestId('vote-dislike-count').props.children).toBe(3);
});

test('VOTE-PLAY-4: no dislike button when the room turned dislikes off', async () => {
  await show(playing('off'));
  expect(screen.queryByTestId('vote-dislike')).toBeNull();
  expect(screen.getByTestId('vote-like')).toBeTruthy();
});

test('VOTE-PLAY-5: private dislikes: no count for a listener, the count for the DJ playing', async () => {
  const view = await show(playing('private'));
  expect(screen.getByTestId('vote-dislike')).toBeTruthy();
  expect(screen.queryByTestId('vote-dislike-count')).toBeNull();
  expect(screen.getByTestId('dislikes-private')).toBeTruthy();
  await view.unmount();
  await show(playing('private', 'me'));
  expect(screen.getByTestId('vote-dislike-count').props.children).toBe(3);
});
