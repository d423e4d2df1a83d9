import type { AvatarArt } from '@tt/protocol';
import { Arm, Legs, Torso, torsoOf } from './bodies';
import { Accessory, Face, HairBack, HairFront, Head } from './parts';
import { useAvatarArt } from './queries';

/**
 * A character drawn from its layers (AVATAR-ART-1): the whole figure (floor, booth, picker) or
 * its head (chat, cards, menus). Idles with a sway; `dancing` makes it dance (liking the song).
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
  const viewBox = head ? '20 -6 80 84' : '0 -8 120 168';
  const width = head ? size * (80 / 84) : size * (120 / 168);
  const t = torsoOf(art.body);
  return (
    <svg
      className={`avatar-figure ${head ? 'is-head' : 'is-full'} ${dancing ? 'is-dancing' : ''} ${className}`}
      viewBox={viewBox}
      width={width}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <g className="av-all">
        {head ? null : (
          <g className="av-body">
            <Legs art={art} />
            <Arm art={art} side={-1} />
            <Arm art={art} side={1} />
            <Torso art={art} />
            <Accessory
              art={{
                ...art,
                accessory:
                  art.accessory === 'chain' || art.accessory === 'star' ? art.accessory : 'none',
              }}
              chestY={t.y0 + 6}
            />
          </g>
        )}
        <g className="av-head">
          <HairBack art={art} />
          <Head art={art} />
          <Face art={art} />
          <HairFront art={art} />
          {art.accessory === 'chain' || art.accessory === 'star' ? null : (
            <Accessory art={art} chestY={t.y0 + 6} />
          )}
        </g>
      </g>
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
