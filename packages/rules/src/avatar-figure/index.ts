import type { AvatarArt } from '@tt/protocol';
import { arm, legs, torso, torsoOf } from './body';
import { accessory, face, hairBack, hairFront, head } from './head';
import { group } from './build';
import type { GroupShape } from './shapes';

export * from './shapes';
export { torsoOf, type TorsoBox } from './body';

/** The whole figure (floor, booth, picker) or its head (chat, cards, lists). */
export type AvatarFigureMode = 'full' | 'head';

/** The part of the figure's plane a mode shows (an SVG viewBox). */
export interface AvatarBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const BOX: Record<AvatarFigureMode, AvatarBox> = {
  head: { x: 20, y: -6, width: 80, height: 84 },
  full: { x: 0, y: -8, width: 120, height: 168 },
};

/** A character ready to draw: its box (and that box as a viewBox) and its tree of shapes. */
export interface AvatarDrawing {
  box: AvatarBox;
  viewBox: string;
  /** The whole character (className av-all): av-body (full only), then av-head. */
  root: GroupShape;
}

/** The figure's width and height in pixels when drawn `height` pixels high. */
export function avatarFigureSize(
  mode: AvatarFigureMode,
  height: number,
): { width: number; height: number } {
  const b = BOX[mode];
  return { width: height * (b.width / b.height), height };
}

const onChest = (a: AvatarArt['accessory']) => a === 'chain' || a === 'star';

/**
 * The shapes of a character from its layers (AVATAR-ART-1), back to front: legs, arms, torso and
 * a chest accessory (full figure only), then hair behind, head, face, hair in front and a head
 * accessory. Class names (av-body, av-head, av-arm-left…) are the web's animation hooks.
 */
export function avatarShapes(art: AvatarArt, mode: AvatarFigureMode): AvatarDrawing {
  const box = BOX[mode];
  const chestY = torsoOf(art.body).y0 + 6;
  const body =
    mode === 'head'
      ? null
      : group(
          [
            legs(art),
            arm(art, -1),
            arm(art, 1),
            torso(art),
            accessory(onChest(art.accessory) ? art.accessory : 'none', art.accent, chestY),
          ],
          { className: 'av-body' },
        );
  const headGroup = group(
    [
      hairBack(art),
      head(art),
      face(art),
      hairFront(art),
      onChest(art.accessory) ? null : accessory(art.accessory, art.accent, chestY),
    ],
    { className: 'av-head' },
  );
  return {
    box,
    viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`,
    root: group([body, headGroup], { className: 'av-all' }),
  };
}
