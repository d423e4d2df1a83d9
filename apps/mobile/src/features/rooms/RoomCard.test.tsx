import { render, screen } from '@testing-library/react-native';
import type { RoomDto } from '@tt/protocol';
import { i18n } from '../../i18n';
import { RoomCard } from './RoomCard';
import './i18n';

const room = (over: Partial<RoomDto>) =>
  ({
    uuid: 'r1',
    slug: 'mic-room',
    name: 'Mic Room',
    numberOfUsersInRoom: 2,
    numberOfActiveDjs: 0,
    promoted: false,
    isPasswordProtected: false,
    song: null,
    liveAudio: false,
    ...over,
  }) as RoomDto;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

test('LIVE-AUDIO-11: a card says "Talking now" while someone is on the mic', async () => {
  await render(<RoomCard room={room({ liveAudio: true, liveAudioTalking: true })} />);
  expect(screen.getByTestId('talking-mic-room')).toBeTruthy();
  expect(screen.getByText('🎙 Talking now')).toBeTruthy();
  expect(screen.queryByTestId('live-audio-mic-room')).toBeNull();
});

test('LIVE-AUDIO-11: only the setting on gives the quieter "Live audio" chip', async () => {
  await render(<RoomCard room={room({ liveAudio: true, liveAudioTalking: false })} />);
  expect(screen.getByText('🎙 Live audio')).toBeTruthy();
  expect(screen.queryByTestId('talking-mic-room')).toBeNull();
});

test('LIVE-AUDIO-11: no live audio, no chip', async () => {
  await render(<RoomCard room={room({ liveAudio: false })} />);
  expect(screen.queryByTestId('talking-mic-room')).toBeNull();
  expect(screen.queryByTestId('live-audio-mic-room')).toBeNull();
});

test('LIVE-AUDIO-11: in Spanish', async () => {
  await i18n.changeLanguage('es');
  const { rerender } = await render(
    <RoomCard room={room({ liveAudio: true, liveAudioTalking: true })} />,
  );
  expect(screen.getByText('🎙 Hablando ahora')).toBeTruthy();
  await rerender(<RoomCard room={room({ liveAudio: true })} />);
  expect(screen.getByText('🎙 Audio en directo')).toBeTruthy();
});
