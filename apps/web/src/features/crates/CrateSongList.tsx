import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeUuids } from './edits';
import { CrateSongRow, type RowActions } from './CrateSongRow';
import type { Slots } from './useCrateSongs';
import { VirtualList, type VirtualListHandle } from './VirtualList';
import type { RowRange } from './windowing';

/** Row height of the crate list (px); the CSS gives rows the same. */
export const CRATE_ROW_HEIGHT = 56;

/**
 * The songs of a crate in a windowed list. Reorder by dragging a row, or with the move buttons
 * and Alt+↑/↓ from the keyboard; select with the checkboxes (shift-click selects a range).
 */
export function CrateSongList({
  items,
  editable,
  selected,
  isAdding,
  onSelectedChange,
  onRange,
  onMove,
  onRemove,
}: {
  items: Slots;
  editable: boolean;
  selected: ReadonlySet<string>;
  isAdding: (uuid: string) => boolean;
  onSelectedChange: (next: Set<string>) => void;
  onRange: (range: RowRange) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (uuids: string[]) => void;
}) {
  const { t } = useTranslation();
  const list = useRef<VirtualListHandle>(null);
  const anchor = useRef<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  const actions: RowActions = {
    onSelect: (index, shift) => {
      const song = items[index];
      if (!song) return;
      const next = new Set(selected);
      if (shift && anchor.current !== null) {
        const on = !selected.has(song.crateSongUuid);
        for (const uuid of rangeUuids(items, anchor.current, index)) {
          if (on) next.add(uuid);
          else next.delete(uuid);
        }
      } else if (next.has(song.crateSongUuid)) next.delete(song.crateSongUuid);
      else next.add(song.crateSongUuid);
      anchor.current = index;
      onSelectedChange(next);
    },
    onRemove: (index) => {
      const song = items[index];
      if (song) onRemove([song.crateSongUuid]);
    },
    onMove: (from, to) => {
      onMove(from, to);
      list.current?.reveal(to);
    },
    onDragStart: (index) => {
      dragFrom.current = index;
    },
    onDragOver: (index) => {
      if (dragFrom.current !== null && dropAt !== index) setDropAt(index);
    },
    onDrop: (index) => {
      const from = dragFrom.current;
      dragFrom.current = null;
      setDropAt(null);
      if (from !== null && from !== index) onMove(from, index);
    },
    onDragEnd: () => {
      dragFrom.current = null;
      setDropAt(null);
    },
  };

  return (
    <VirtualList
      handle={list}
      count={items.length}
      rowHeight={CRATE_ROW_HEIGHT}
      onRange={onRange}
      label={t('crates.songsLabel')}
      testId="crate-songs"
      renderRow={(index, style) => {
        const song = items[index] ?? null;
        return (
          <CrateSongRow
            key={song ? song.crateSongUuid : `slot-${index}`}
            song={song}
            index={index}
            total={items.length}
            style={style}
            editable={editable}
            selected={song !== null && selected.has(song.crateSongUuid)}
            dropTarget={dropAt === index}
            pending={song !== null && isAdding(song.crateSongUuid)}
            actions={actions}
          />
        );
      }}
    />
  );
}
