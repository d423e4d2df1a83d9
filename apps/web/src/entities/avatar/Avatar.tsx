import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from './Figure';
import { useAvatarArt } from './queries';

/**
 * A round head: the person's avatar character on their colour (AVATAR-ART-1) when `avatarId`
 * names one; else their picture, or their initials on their colour. A picture that fails to load
 * gives way to the initials, which then carry its error, "Error: {message}" (AVATAR-ART-2).
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
  const { t } = useTranslation();
  const art = useAvatarArt(avatarId);
  // The picture that failed, so a new picture gets its own try (AVATAR-ART-2).
  const [failed, setFailed] = useState<string | null>(null);
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
  if (picture && failed !== picture) {
    return (
      <img
        className={`avatar ${className}`}
        src={picture}
        alt=""
        style={style}
        onError={() => setFailed(picture)}
      />
    );
  }
  const error =
    picture && failed === picture
      ? t('errors.avatarLoad', { message: t('errors.avatarLoadMessage') })
      : null;
  return (
    <span
      className={`avatar avatar-initials ${className}`}
      style={{ ...style, background: color || 'var(--brand)' }}
      {...(error
        ? { role: 'img', 'aria-label': error, title: error, 'data-testid': 'avatar-error' }
        : { 'aria-hidden': true })}
    >
      {initials}
    </span>
  );
}
