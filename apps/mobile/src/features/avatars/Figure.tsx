import { memo, useMemo } from 'react';
import Svg, { Circle, Ellipse, G, Line, Path, Rect } from 'react-native-svg';
import type { AvatarArt } from '@tt/protocol';
import {
  avatarFigureSize,
  avatarShapes,
  shapeShows,
  transformText,
  type AvatarFigureMode,
  type AvatarShape,
} from '@tt/rules';

/** A shape's paint as react-native-svg props (unset ones left out, so groups' paint inherits). */
function paintOf(shape: AvatarShape) {
  const paint: {
    fill?: string;
    stroke?: string;
    strokeWidth?: number;
    strokeLinecap?: 'round';
    opacity?: number;
  } = {};
  if (shape.fill !== undefined) paint.fill = shape.fill;
  if (shape.stroke !== undefined) paint.stroke = shape.stroke;
  if (shape.strokeWidth !== undefined) paint.strokeWidth = shape.strokeWidth;
  if (shape.strokeLinecap !== undefined) paint.strokeLinecap = shape.strokeLinecap;
  if (shape.opacity !== undefined) paint.opacity = shape.opacity;
  return paint;
}

/** One shape of @tt/rules' avatarShapes as a react-native-svg element (the web draws the same). */
function ShapeNode({ shape, dancing }: { shape: AvatarShape; dancing: boolean }) {
  if (!shapeShows(shape, dancing)) return null;
  const paint = paintOf(shape);
  switch (shape.kind) {
    case 'circle':
      return <Circle cx={shape.cx} cy={shape.cy} r={shape.r} {...paint} />;
    case 'ellipse':
      return <Ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...paint} />;
    case 'rect':
      return (
        <Rect
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          {...(shape.rx === undefined ? {} : { rx: shape.rx, ry: shape.rx })}
          {...paint}
        />
      );
    case 'path':
      return (
        <Path
          d={shape.d}
          {...(shape.transform ? { transform: transformText(shape.transform) } : {})}
          {...paint}
        />
      );
    case 'line':
      return <Line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} {...paint} />;
    case 'group':
      return (
        <G {...paint}>
          {shape.children.map((child, i) => (
            <ShapeNode key={i} shape={child} dancing={dancing} />
          ))}
        </G>
      );
  }
}

/**
 * An avatar character (AVATAR-ART-1) from the shapes the web draws too: the whole figure or its
 * head, `size` pixels high; dancing, its eyes close (the bob is the caller's).
 */
export const Figure = memo(function Figure({
  art,
  mode = 'full',
  size,
  dancing = false,
  testID,
}: {
  art: AvatarArt;
  mode?: AvatarFigureMode;
  size: number;
  dancing?: boolean;
  testID?: string;
}) {
  const drawing = useMemo(() => avatarShapes(art, mode), [art, mode]);
  const { width, height } = avatarFigureSize(mode, size);
  return (
    <Svg
      width={width}
      height={height}
      viewBox={drawing.viewBox}
      accessibilityElementsHidden
      importantForAccessibility="no-hide-descendants"
      testID={testID}
    >
      <ShapeNode shape={drawing.root} dancing={dancing} />
    </Svg>
  );
});
