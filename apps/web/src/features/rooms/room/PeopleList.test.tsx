import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { sampleState } from '@tt/room-client/testing';
import { initialRoomState, type RoomStoreState } from '@tt/room-client';
import { PeopleList } from './PeopleList';

vi.mock('../../../lib/socket/session', () => ({ loadMoreUsers: vi.fn(async () => {}) }));
vi.mock('../../../entities/avatar/Avatar', () => ({ Avatar: () => null }));
// The room store as the list reads it (a server render would read the store's initial state).
let current: RoomStoreState = initialRoomState;
vi.mock('../../../lib/socket/store', () => ({
  useRoomStore: <T,>(selector: (s: RoomStoreState) => T) => selector(current),
}));
const roomStore = {
  setState: (partial: Partial<RoomStoreState>) => (current = { ...current, ...partial }),
};

const me = { uuid: 'a', isGuest: false } as Parameters<typeof PeopleList>[0]['me'];
const render = () =>
  renderToStaticMarkup(<PeopleList state={sampleState()} me={me} onUser={() => undefined} />);

describe('ROOM-PAGE-1: the people list of a big room', () => {
  it('counts everyone in the room and offers more people while pages are left', () => {
    roomStore.setState({ usersPage: { total: 2500, nextOffset: 100 } });
    const html = render();
    expect(html).toContain('<span class="muted">2500</span>');
    expect(html).toContain('room.morePeople');
  });

  it('offers nothing more once every page is in, or when the state holds everyone', () => {
    roomStore.setState({ usersPage: { total: 1, nextOffset: null } });
    expect(render()).not.toContain('room.morePeople');
    roomStore.setState({ usersPage: null });
    const html = render();
    expect(html).not.toContain('room.morePeople');
    expect(html).toContain('<span class="muted">1</span>');
  });
});
