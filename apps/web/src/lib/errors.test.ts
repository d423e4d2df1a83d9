import { describe, expect, it } from 'vitest';
import { COMMON_SOCKET_REFUSALS, ERRORS, SOCKET_ACTIONS } from '@tt/protocol';
import es from '../i18n/es.json';
import { socketErrorText } from './errors';

const spanish = es.serverErrors as Record<string, string>;
const t = (key: string) => spanish[key.replace('serverErrors.', '')] ?? key;
const exists = (key: string) => key.replace('serverErrors.', '') in spanish;

describe('socket refusals in the user’s language', () => {
  it('SEC-FLOOD-1: the socket’s refusals with a catalogue code are translated; English keeps the server’s words', () => {
    for (const code of [
      'SOCKET_RATE_LIMITED',
      'SOCKET_FLOODING',
      'SOCKET_USER_LIMIT',
      'SOCKET_IP_LIMIT',
      'ROOM_GUESTS_FULL',
      'ROOM_PASSWORD_ATTEMPTS',
    ] as const) {
      const message = ERRORS[code].message;
      expect(socketErrorText(message, code, t, exists, 'es')).toBe(spanish[code]);
      expect(socketErrorText(message, code, t, exists, 'en')).toBe(message);
    }
  });

  it('PROTO-ERR-1: every refusal an action of the registry may answer has a Spanish text', () => {
    const codes = new Set<string>(COMMON_SOCKET_REFUSALS);
    for (const def of Object.values(SOCKET_ACTIONS)) for (const c of def.refusals) codes.add(c);
    expect([...codes].filter((c) => !(c in spanish))).toEqual([]);
    expect(socketErrorText('Every DJ seat is taken', 'ROOM_NO_SEAT', t, exists, 'es')).toBe(
      'Todos los puestos de DJ están ocupados',
    );
  });

  it('a text that is not the code’s standard one, or has no code, is shown as sent', () => {
    expect(socketErrorText('Every DJ seat is taken', null, t, exists, 'es')).toBe(
      'Every DJ seat is taken',
    );
    expect(socketErrorText('Something else', 'SOCKET_FLOODING', t, exists, 'es')).toBe(
      'Something else',
    );
  });
});
