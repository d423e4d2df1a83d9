/** A round picture, or the initials on the user's colour when there is no picture. */
export function Avatar({
  name,
  picture,
  color,
  size = 40,
  className = '',
}: {
  name: string;
  picture?: string | null;
  color?: string | null;
  size?: number;
  className?: string;
}) {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
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
