import { clockTime } from '../../lib/time';
import type { EventDto } from '@tt/protocol';

/** "Fri 4 Dec, 21:00 – 23:00" in the reader's language and time zone. */
export function whenText(event: Pick<EventDto, 'startsAt' | 'endsAt'>, lang: string): string {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const day = start.toLocaleDateString(lang, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = (d: Date) => clockTime(d, lang);
  const sameDay = start.toDateString() === end.toDateString();
  const endText = sameDay
    ? time(end)
    : `${end.toLocaleDateString(lang, { day: 'numeric', month: 'short' })} ${time(end)}`;
  return `${day}, ${time(start)} – ${endText}`;
}

/** Days, hours, minutes and seconds until `iso` (zeros once it has passed). */
export function countdown(iso: string, now: number) {
  let s = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return { days, hours, minutes, seconds: s - minutes * 60 };
}

/** A date-time input's value (local time, minutes) for an ISO instant, and back. */
export const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (value: string) => new Date(value).toISOString();
