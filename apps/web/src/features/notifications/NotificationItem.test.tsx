import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { NOTIFICATION_KINDS, type NotificationDto } from '@tt/protocol';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { testI18n } from '../../testing/i18n';
import { NotificationItem } from './NotificationItem';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

const item = (over: Partial<NotificationDto>): NotificationDto => ({
  id: 'n1',
  kind: 'newFan',
  title: 'server text',
  body: 'server body',
  link: '/profile/0b6f1e9e-5b1c-4d3e-9a57-1c2f3a4b5c6d',
  actorUuid: '0b6f1e9e-5b1c-4d3e-9a57-1c2f3a4b5c6d',
  params: { name: 'Ana' },
  createdAt: new Date().toISOString(),
  readAt: null,
  ...over,
});

const render = (lang: 'en' | 'es', n: NotificationDto) => {
  void i18n.changeLanguage(lang);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <NotificationItem n={n} onOpen={() => {}} />
      </MemoryRouter>
    </I18nextProvider>,
  );
};

describe('the notification centre item', () => {
  it('NOTIFY-FAN-1: a new follower reads in the reader’s language and leads to their profile', () => {
    const html = render('en', item({}));
    expect(html).toContain('Ana started following you');
    expect(html).toContain('They will hear when you go on stage.');
    expect(html).toContain('href="/profile/0b6f1e9e-5b1c-4d3e-9a57-1c2f3a4b5c6d"');
    const es_ = render('es', item({}));
    expect(es_).toContain('Ana empezó a seguirte');
    expect(es_).not.toContain('server text');
  });

  it('NOTIFY-SET-1: every kind has an icon, and a settings label and hint in en and es', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(render('en', item({ kind })), kind).toMatch(/<path d="M[^"]+"/);
      for (const lang of [en, es] as const) {
        const s = lang.notifications.settings as {
          kinds: Record<string, string>;
          hints: Record<string, string>;
        };
        expect(s.kinds[kind], kind).toBeTruthy();
        expect(s.hints[kind], kind).toBeTruthy();
      }
    }
  });
});
