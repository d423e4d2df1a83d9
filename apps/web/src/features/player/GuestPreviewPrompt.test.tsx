import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { testI18n } from '../../testing/i18n';
import { GuestListening, GuestPreviewPrompt } from './GuestPreviewPrompt';
import type { PlayerView } from './store';

// The player store as the components read it (a server render would read its initial state).
let view: Partial<PlayerView> = {};
vi.mock('./store', () => ({
  usePlayerStore: <T,>(selector: (s: Partial<PlayerView>) => T) => selector(view),
}));
const setView = (v: Partial<PlayerView>) => (view = v);

let i18n: Awaited<ReturnType<typeof testI18n>>;
beforeAll(async () => {
  i18n = await testI18n();
});

const render = (lang: 'en' | 'es') => {
  void i18n.changeLanguage(lang);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/rooms/late-night-grooves']}>
        <GuestListening />
        <GuestPreviewPrompt />
      </MemoryRouter>
    </I18nextProvider>,
  );
};

describe('LIVE-LISTEN-2: what a guest is told in a live room', () => {
  it('LIVE-LISTEN-2: while listening, that listening is free (no preview count), in en and es', () => {
    setView({ needsSignIn: false });
    const html = render('en');
    expect(html).toContain('data-testid="guest-listening"');
    expect(html).toContain('free in every live room');
    expect(html).not.toContain('preview-prompt');
    expect(html).not.toMatch(/free preview/i);
    expect(render('es')).toContain('gratis en todas las salas en directo');
  });

  it('LIVE-LISTEN-2: when the server refuses the song, a prompt to sign up or log in back to the room', () => {
    setView({ needsSignIn: true });
    const html = render('en');
    expect(html).not.toContain('guest-listening');
    expect(html).toContain('Sign up to keep listening');
    expect(html).not.toMatch(/free preview/i);
    expect(html).toContain('href="/signup"');
    expect(html).toContain(`href="/login?next=${encodeURIComponent('/rooms/late-night-grooves')}"`);
    expect(render('es')).toContain('Regístrate para seguir escuchando');
  });
});
