import { useEffect } from 'react';
import { ensurePlayer } from './runtime';
import { toggleOverlay } from './store';

function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName.toUpperCase());
}

/**
 * Starts the page's player (once) for the live room, and lets the `d` key show or hide the
 * sync overlay (not while typing).
 */
export function usePlayer(): void {
  useEffect(() => {
    ensurePlayer();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'd' || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
      if (typingInto(e.target)) return;
      toggleOverlay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
