/**
 * How a room's last sets read in the apps (SET-6, docs/SET-RULES.md): the day and the clock times
 * in the person's language, and the name of the crate a saved set becomes.
 */

/** The day a set ran, e.g. "Nov 27, 2026" / "27 nov 2026". */
export function setDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A clock time of a set, e.g. "8:00 PM" / "20:00". */
export function setClock(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));
}

/** A crate name holds at most this many characters. */
export const SET_CRATE_NAME_MAX = 100;

/** SET-6: the translated "<room> — <date>" the apps send as the new crate's name, cut to fit. */
export function setCrateName(translated: string): string {
  return translated.slice(0, SET_CRATE_NAME_MAX);
}
