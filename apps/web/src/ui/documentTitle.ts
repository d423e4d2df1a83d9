import { BRAND_TEXT } from '../lib/brand';

/**
 * The tab title in two parts: the page's own title (BRAND-NAME-1) and the unread count in front
 * of it, "(3) Turntable LIVE" (CHAT-INBOX-3). Either part can change without the other.
 */
let base: string = BRAND_TEXT.title;
let unread = 0;

/** CHAT-INBOX-3: "(n) <title>" while anything is unread (99+ past 99), the plain title otherwise. */
export function titleWithUnread(title: string, count: number): string {
  if (!(count > 0)) return title;
  return `(${count > 99 ? '99+' : count}) ${title}`;
}

function apply(): void {
  if (typeof document === 'undefined') return;
  document.title = titleWithUnread(base, unread);
}

/** The page's title, already joined with the product's name. */
export function setTitleBase(title: string): void {
  base = title;
  apply();
}

/** The unread total shown in front of the title; 0 restores the plain title. */
export function setTitleUnread(count: number): void {
  unread = count;
  apply();
}
