// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sampleState } from '@tt/room-client/testing';
import type { ClientRoomState, DislikesMode } from '@tt/protocol';
import { VotePanel } from './VotePanel';

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../lib/socket/session', () => ({
  roomAction: vi.fn(async (_def: unknown, params: unknown) => void sent.push(params)),
}));
vi.mock('../../../entities/room/hooks', () => ({
  useRoomRunner: () => (fn: () => Promise<unknown>) => fn(),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  sent.length = 0;
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

const listener = { uuid: 'a', roles: ['user'], isGuest: false };
const dj = { uuid: 'd', roles: ['user'], isGuest: false };

function playing(dislikes: DislikesMode): ClientRoomState {
  const base = sampleState();
  return sampleState({
    djs: [{ uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null }],
    nowPlaying: {
      song: { trackName: 'Now', artistName: 'Someone', duration: 200 } as never,
      startTime: 1_700_000_000_000,
      endTime: 1_700_000_200_000,
    },
    settings: { ...base.settings, dislikes, roomRoles: [] },
    voteCounts: { likes: 2, dislikes: 3, stars: 1 },
  });
}

const render = (state: ClientRoomState, me = listener) =>
  act(() => root.render(<VotePanel state={state} me={me} />));
const q = (id: string) => host.querySelector(`[data-testid="${id}"]`);

describe('VOTE-PLAY: the vote panel', () => {
  it('VOTE-PLAY-1: a vote or a star names the play shown (its startTime)', async () => {
    await render(playing('on'));
    await act(async () => (q('vote-like') as HTMLButtonElement).click());
    await act(async () => (q('vote-star') as HTMLButtonElement).click());
    expect(sent).toEqual([
      { songVotes: { like: true }, playStartTime: 1_700_000_000_000 },
      { songVotes: { star: true }, playStartTime: 1_700_000_000_000 },
    ]);
    expect(q('dislike-count')?.textContent).toBe('3');
  });

  it('VOTE-PLAY-4: no dislike button when the room turned dislikes off', async () => {
    await render(playing('off'));
    expect(q('vote-dislike')).toBeNull();
    expect(q('vote-like')).not.toBeNull();
  });

  it('VOTE-PLAY-5: private dislikes: a listener sees no count, the DJ playing does', async () => {
    await render(playing('private'));
    expect(q('vote-dislike')).not.toBeNull();
    expect(q('dislike-count')).toBeNull();
    expect(q('dislikes-private')).not.toBeNull();
    await render(playing('private'), dj);
    expect(q('dislike-count')?.textContent).toBe('3');
  });
});
