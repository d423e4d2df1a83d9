/** A time of day as people read it in `lang`: "8:05 PM", "20:05". */
export function clockTime(at: Date | number, lang: string): string {
  return new Date(at).toLocaleTimeString(lang, { hour: 'numeric', minute: '2-digit' });
}
