import { Figure } from './Figure';
import { useAvatarArt } from './queries';

/**
 * A round head: the person's avatar character on their colour (AVATAR-ART-1) when `avatarId`
 * names one; else their picture, or their initials on their colour.
 */
export function Avatar({
  name,
  picture,
  color,
  avatarId,
  size = 40,
  className = '',
}: {
  name: string;
  picture?: string | null;
  color?: string | null;
  avatarId?: string | null;
  size?: number;
  className?: string;
}) {
  const art = useAvatarArt(avatarId);
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (art) {
    return (
      <span
        className={`avatar avatar-art ${className}`}
        style={{ ...style, background: color || 'var(--brand)' }}
        aria-hidden="true"
        data-avatar={avatarId}
      >
        <Figure art={art} mode="head" size={Math.round(size * 0.92)} />
      </span>
    );
  }
  if (picture) {
    return <img className={`avatar ${className}`} src={picture} alt="" style={style} />;
  }
  return (
    <span
      className={`avatar avatar-initials ${className}`}
      style={{ ...style, background: color || 'var(--brand)' }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
