// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../testing/i18n';
import { Avatar } from './Avatar';

// No catalogue in a unit test: the avatar has no art, so the picture is what shows.
vi.mock('./queries', () => ({ useAvatarArt: () => null }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function renderFailing(lang: 'en' | 'es') {
  const i18n = await testI18n(lang);
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <I18nextProvider i18n={i18n}>
        <Avatar name="Ana Ruiz" picture="https://example.invalid/ana.png" />
      </I18nextProvider>,
    ),
  );
  const img = host.querySelector('img');
  expect(img).not.toBeNull();
  act(() => {
    img!.dispatchEvent(new Event('error'));
  });
  return host;
}

describe('AVATAR-ART-2: a picture that fails to load', () => {
  it('gives way to the initials, which carry "Error: {message}" (en)', async () => {
    const host = await renderFailing('en');
    expect(host.querySelector('img')).toBeNull();
    const fallback = host.querySelector('[data-testid="avatar-error"]');
    expect(fallback?.textContent).toBe('AR');
    expect(fallback?.getAttribute('title')).toBe('Error: The picture could not be loaded');
    expect(fallback?.getAttribute('aria-label')).toBe('Error: The picture could not be loaded');
  });

  it('says it in Spanish too', async () => {
    const host = await renderFailing('es');
    const fallback = host.querySelector('[data-testid="avatar-error"]');
    expect(fallback?.getAttribute('title')).toBe('Error: No se pudo cargar la imagen');
  });
});
