import type { AvatarShape } from '@tt/rules';
import { transformText } from '@tt/rules';

/**
 * One shape of an avatar's drawing (avatarShapes in @tt/rules) as an SVG element. The class names
 * are the hooks of the idle and dance animations (styles/avatars.css), which also show the closed
 * eyes while dancing; so `only` needs no handling here.
 */
export function Shape({ shape }: { shape: AvatarShape }) {
  const paint = {
    className: shape.className,
    fill: shape.fill,
    stroke: shape.stroke,
    strokeWidth: shape.strokeWidth,
    strokeLinecap: shape.strokeLinecap,
    opacity: shape.opacity,
  };
  switch (shape.kind) {
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} {...paint} />;
    case 'ellipse':
      return <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} {...paint} />;
    case 'rect':
      return (
        <rect
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          rx={shape.rx}
          {...paint}
        />
      );
    case 'path':
      return (
        <path
          d={shape.d}
          transform={shape.transform ? transformText(shape.transform) : undefined}
          {...paint}
        />
      );
    case 'line':
      return <line x1={shape.x1} y1={shape.y1} x2={shape.x2} y2={shape.y2} {...paint} />;
    case 'group':
      return (
        <g {...paint}>
          {shape.children.map((child, i) => (
            <Shape key={i} shape={child} />
          ))}
        </g>
      );
  }
}
