import { ApiError } from '@tt/api-client';
import { isTrustRefusal, trustProgressIn } from '@tt/rules';
import { i18n } from '../../i18n';

/**
 * TRUST-7: the refusals of a new account (links, direct messages to strangers, a busy room's DJ
 * seat) in the app's language, with how far the person is (read back from the server's text).
 */
const en = {
  trust: {
    TRUST_LINKS_NOT_YET: 'New accounts cannot post links or images yet.',
    TRUST_DM_NOT_YET: 'New accounts can only message people who follow them.',
    TRUST_SEAT_NOT_YET: 'New accounts cannot take a DJ seat in a busy room yet.',
    progress:
      'Listen to {{songs}} more songs or earn {{points}} more points to unlock this (songs heard: {{heard}} of {{needSongs}}, points: {{earned}} of {{needPoints}}).',
  },
};

const es: typeof en = {
  trust: {
    TRUST_LINKS_NOT_YET: 'Las cuentas nuevas aún no pueden publicar enlaces ni imágenes.',
    TRUST_DM_NOT_YET: 'Las cuentas nuevas solo pueden escribir a quienes las siguen.',
    TRUST_SEAT_NOT_YET:
      'Las cuentas nuevas aún no pueden tomar un puesto de DJ en una sala concurrida.',
    progress:
      'Escucha {{songs}} canciones más o gana {{points}} puntos más para desbloquearlo (canciones escuchadas: {{heard}} de {{needSongs}}, puntos: {{earned}} de {{needPoints}}).',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);

/** The refusal's text in the app's language, or null when it is no trust refusal. */
export function trustText(code: string | null | undefined, message: string): string | null {
  if (!isTrustRefusal(code)) return null;
  const progress = trustProgressIn(message);
  const head = i18n.t(`trust.${code}`);
  return progress ? `${head} ${i18n.t('trust.progress', progress)}` : head;
}

/** The catalogue code and message of a failed API call (plain or CometChat-shaped body). */
export function trustTextOfError(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as {
    code?: unknown;
    message?: unknown;
    error?: { message?: unknown; details?: { code?: unknown } };
  } | null;
  const code = body?.error?.details?.code ?? body?.code;
  const message = body?.error?.message ?? err.serverMessage ?? '';
  return typeof code === 'string' && typeof message === 'string' ? trustText(code, message) : null;
}
