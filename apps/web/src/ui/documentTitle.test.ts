import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_TEXT } from '../lib/brand';
import { setTitleBase, setTitleUnread, titleWithUnread } from './documentTitle';

afterEach(() => {
  setTitleUnread(0);
  vi.unstubAllGlobals();
});

describe('CHAT-INBOX-3: unread direct messages in the tab title', () => {
  it('puts the count in front of the title, 99+ past 99, and nothing when all are read', () => {
    expect(titleWithUnread('Turntable LIVE', 3)).toBe('(3) Turntable LIVE');
    expect(titleWithUnread('Turntable LIVE', 120)).toBe('(99+) Turntable LIVE');
    expect(titleWithUnread('Turntable LIVE', 0)).toBe('Turntable LIVE');
  });

  it('keeps the count when the page title changes and restores the plain title at 0', () => {
    const doc = { title: '' };
    vi.stubGlobal('document', doc);
    setTitleBase(BRAND_TEXT.title);
    setTitleUnread(3);
    expect(doc.title).toBe(`(3) ${BRAND_TEXT.title}`);
    setTitleBase(`Friends · ${BRAND_TEXT.title}`);
    expect(doc.title).toBe(`(3) Friends · ${BRAND_TEXT.title}`);
    setTitleUnread(0);
    expect(doc.title).toBe(`Friends · ${BRAND_TEXT.title}`);
  });
});
