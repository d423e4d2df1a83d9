import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinimalSongDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { addSongs, type CrateRef } from './api';
import { storeCrate, useMyCrates } from './queries';
import '../../styles/crates.css';

/**
 * "Add to crate" for a song heard in a room: the queue, the starred list or one of your crates.
 * A song the crate already holds is left out (the server says so, and so does the menu).
 */
export function AddToCrateMenu({ song }: { song: MinimalSongDto }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const mine = useMyCrates();
  const crates = mine.data?.pages[0]?.crates ?? [];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const add = async (ref: CrateRef, name: string) => {
    setOpen(false);
    try {
      const res = await addSongs(ref, [song]);
      storeCrate(ref, res.crate);
      setNote(
        res.added.length === 0 ? t('crates.alreadyIn', { name }) : t('crates.addedTo', { name }),
      );
    } catch (err) {
      setNote(toText(err));
    }
  };

  const item = (ref: CrateRef, name: string, testId: string) => (
    <li key={'special' in ref ? ref.special : ref.id}>
      <button type="button" onClick={() => void add(ref, name)} data-testid={testId}>
        {name}
      </button>
    </li>
  );

  return (
    <div className="add-to-crate" ref={rootRef}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="add-to-crate"
      >
        {t('crates.addToCrate')}
      </button>
      {open ? (
        <ul id={menuId} className="add-to-crate-menu">
          {item({ special: 'queue' }, t('crates.queue'), 'add-to-queue')}
          {item({ special: 'likes' }, t('crates.likes'), 'add-to-likes')}
          {crates.map((c) => item({ id: c.crateUuid }, c.crateName, 'add-to-crate-item'))}
        </ul>
      ) : null}
      <span className="sr-only" role="status">
        {note}
      </span>
      {note ? (
        <span
          className="add-to-crate-note muted"
          aria-hidden="true"
          data-testid="add-to-crate-note"
        >
          {note}
        </span>
      ) : null}
    </div>
  );
}
