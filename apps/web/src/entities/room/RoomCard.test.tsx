import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { testI18n } from '../../testing/i18n';
import { RoomCard } from './RoomCard';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

const room = (over: Partial<RoomDto>): RoomDto => ({
  id: 1,
  uuid: '0b6f1e9e-5b1c-4d3e-9a57-1c2f3a4b5c6d',
  slug: 'talk-radio',
  name: 'Talk Radio',
  description: '',
  vibe: '',
  djType: 'EVERYONE',
  type: 'PUBLIC',
  design: 'CLUB',
  musicProviderKeys: [],
  numberOfDjs: 5,
  songsPerDj: 1,
  roomSize: 200,
  entryFee: 0,
  freeEntries: 0,
  isPasswordProtected: false,
  isGuestPasswordProtected: false,
  isLive: true,
  liveAudio: false,
  promoted: false,
  hasChat: true,
  unlisted: false,
  posterUrl: null,
  externalUrl: null,
  pinnedMessages: [],
  roomRoles: [],
  numberOfUsersInRoom: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const render = (lang: 'en' | 'es', r: RoomDto) => {
  void i18n.changeLanguage(lang);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <RoomCard room={r} />
      </MemoryRouter>
    </I18nextProvider>,
  );
};

describe('the room card’s live-audio chip', () => {
  it('LIVE-AUDIO-11: someone on the mic now shows "Talking now" (en and es), not the setting’s chip', () => {
    const html = render('en', room({ liveAudio: true, liveAudioTalking: true }));
    expect(html).toContain('data-testid="room-card-talking"');
    expect(html).toContain('Talking now');
    expect(html).toContain('Someone is on the mic in this room right now.');
    expect(html).not.toContain('room-card-live-audio');
    expect(render('es', room({ liveAudio: true, liveAudioTalking: true }))).toContain(
      'Hablando ahora',
    );
  });

  it('LIVE-AUDIO-11: live audio on with nobody talking (or an older server without the field) shows the quiet "Live audio" chip', () => {
    for (const r of [
      room({ liveAudio: true, liveAudioTalking: false }),
      room({ liveAudio: true }),
    ]) {
      const html = render('en', r);
      expect(html).toContain('data-testid="room-card-live-audio"');
      expect(html).toContain('Live audio');
      expect(html).not.toContain('room-card-talking');
    }
    expect(render('es', room({ liveAudio: true }))).toContain('Audio en directo');
  });

  it('LIVE-AUDIO-11: live audio off shows no chip', () => {
    const html = render('en', room({ liveAudio: false }));
    expect(html).not.toContain('room-card-live-audio');
    expect(html).not.toContain('room-card-talking');
  });
});
