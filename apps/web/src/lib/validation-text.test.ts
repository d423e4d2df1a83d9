import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ApiError } from '@tt/api-client';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { errorText } from './errors';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'es',
  resources: { en: { translation: en }, es: { translation: es } },
  interpolation: { escapeValue: false },
});

const refused = (message: string | string[]) =>
  new ApiError('/api/user-service/auth/sign-up', 400, 'Bad Request', {
    statusCode: 400,
    error: 'Bad Request',
    message,
    code: 'VALIDATION',
  });
const text = (err: unknown, lng: string) =>
  errorText(err, i18n.getFixedT(lng), (k) => i18n.exists(k, { lng }), lng);

describe('the API’s field errors in the person’s language', () => {
  it('PROTO-ERR-2: a Spanish sign-up shows the refused field and rule in Spanish', () => {
    expect(text(refused(['password: password must be at least 8 characters']), 'es')).toBe(
      'Contraseña: debe tener al menos 8 caracteres',
    );
    expect(text(refused('email: Invalid email address'), 'es')).toBe(
      'Correo electrónico: no es un correo electrónico válido',
    );
    expect(text(refused('nickname: Too big: expected string to have <=40 characters'), 'es')).toBe(
      'Apodo: debe tener como máximo 40 caracteres',
    );
    expect(text(refused('query.s: must be JSON'), 'es')).toBe('s: no es válido');
  });

  it('PROTO-ERR-2: English keeps the server’s words', () => {
    expect(text(refused(['password: password must be at least 8 characters']), 'en')).toBe(
      'Password: password must be at least 8 characters',
    );
  });
});
