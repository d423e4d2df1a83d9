import { fireEvent, render, screen } from '@testing-library/react-native';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { i18n } from '../../i18n';
import './i18n';
import { PeopleList } from './PeopleList';

jest.mock('./session'); // room/__mocks__/session.ts
const { roomStore, roomSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { loadMoreUsers?: jest.Mock };
}>('./session');
roomSession.loadMoreUsers = jest.fn(async () => undefined);
jest.mock('./Avatar', () => ({ Avatar: () => null }));

const me = { uuid: 'a', isGuest: false };
beforeAll(() => i18n.changeLanguage('en'));

test('ROOM-PAGE-1: a big room counts everyone and brings more people on request', async () => {
  roomStore.setState({ usersPage: { total: 2500, nextOffset: 100 } });
  await render(<PeopleList state={sampleState()} me={me} />);
  expect(screen.getByText('2500 people here')).toBeTruthy();
  await fireEvent.press(screen.getByText('Show more people'));
  expect(roomSession.loadMoreUsers).toHaveBeenCalledTimes(1);
});

test('ROOM-PAGE-1: nothing more to show once every page is in, or when the room came whole', async () => {
  roomStore.setState({ usersPage: { total: 1, nextOffset: null } });
  await render(<PeopleList state={sampleState()} me={me} />);
  expect(screen.queryByText('Show more people')).toBeNull();
  roomStore.setState({ usersPage: null });
  await render(<PeopleList state={sampleState()} me={me} />);
  expect(screen.getByText('1 person here')).toBeTruthy();
  expect(screen.queryByText('Show more people')).toBeNull();
});
