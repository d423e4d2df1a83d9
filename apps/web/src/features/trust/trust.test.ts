import { describe, expect, it } from 'vitest';
import { ERRORS } from '@tt/protocol';
import { trustProgressText } from '@tt/rules';
import i18next from 'i18next';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { socketErrorText } from '../../lib/errors';

const T = { minSongsHeard: 20, minPoints: 50, busyRoomListeners: 25 };

describe('TRUST-7: a refusal of a new account in the user’s language', () => {
  it('TRUST-7: Spanish names the limit and how far they are; English keeps the server’s words', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      resources: { en: { translation: en }, es: { translation: es } },
      interpolation: { escapeValue: false },
    });
    const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {}) as string;
    const exists = (k: string) => i18n.exists(k);
    const message = `${ERRORS.TRUST_SEAT_NOT_YET.message} ${trustProgressText({ songsHeard: 4, points: 12 }, T)}`;
    const spanish = socketErrorText(message, 'TRUST_SEAT_NOT_YET', t, exists, 'es');
    expect(spanish).toBe(
      'Las cuentas nuevas aún no pueden tomar un puesto de DJ en una sala concurrida. ' +
        'Escucha 16 canciones más o gana 38 puntos más para desbloquearlo ' +
        '(canciones escuchadas: 4 de 20, puntos: 12 de 50).',
    );
    expect(socketErrorText(message, 'TRUST_SEAT_NOT_YET', t, exists, 'en')).toBe(message);
  });
});
