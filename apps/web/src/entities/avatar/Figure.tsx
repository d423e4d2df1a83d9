import { useMemo } from 'react';
import type { AvatarArt } from '@tt/protocol';
import { avatarFigureSize, avatarShapes } from '@tt/rules';
import { useAvatarArt } from './queries';
import { Shape } from './Shape';

/**
 * A character drawn from its layers (AVATAR-ART-1): the whole figure (floor, booth, picker) or
 * its head (chat, cards, menus). Idles with a sway; `dancing` makes it dance (liking the song).
 * The shapes come from @tt/rules (avatarShapes), which the phone app draws too.
 */
export function Figure({
  art,
  mode = 'full',
  size,
  dancing = false,
  className = '',
}: {
  art: AvatarArt;
  mode?: 'full' | 'head';
  /** Height in pixels. */
  size: number;
  dancing?: boolean;
  className?: string;
}) {
  const head = mode === 'head';
  const drawing = useMemo(() => avatarShapes(art, mode), [art, mode]);
  const { width } = avatarFigureSize(mode, size);
  return (
    <svg
      className={`avatar-figure ${head ? 'is-head' : 'is-full'} ${dancing ? 'is-dancing' : ''} ${className}`}
      viewBox={drawing.viewBox}
      width={width}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <Shape shape={drawing.root} />
    </svg>
  );
}

/** Someone's avatar by slug (null when the slug names no known avatar). */
export function AvatarFigure({
  avatarId,
  ...rest
}: { avatarId: string | null | undefined } & Omit<Parameters<typeof Figure>[0], 'art'>) {
  const art = useAvatarArt(avatarId);
  return art ? <Figure art={art} {...rest} /> : null;
}
