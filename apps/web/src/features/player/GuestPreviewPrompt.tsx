import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePlayerStore } from './store';

/** Shown to a guest once the free preview songs are used up: playback stopped, sign in to go on. */
export function GuestPreviewPrompt() {
  const { t } = useTranslation();
  const needsSignIn = usePlayerStore((s) => s.needsSignIn);
  const limit = usePlayerStore((s) => s.previewLimit);
  const { pathname } = useLocation();
  if (!needsSignIn) return null;
  const next = encodeURIComponent(pathname);
  return (
    <section
      className="preview-prompt"
      role="alert"
      aria-labelledby="preview-prompt-title"
      data-testid="preview-prompt"
    >
      <div className="preview-prompt-icon" aria-hidden="true">
        ♫
      </div>
      <div className="preview-prompt-text">
        <h2 id="preview-prompt-title">{t('player.preview.title')}</h2>
        <p>{t('player.preview.body', { count: limit })}</p>
      </div>
      <div className="preview-prompt-actions">
        <Link className="btn btn-primary btn-sm" to="/signup" data-testid="preview-signup">
          {t('player.preview.signup')}
        </Link>
        <Link
          className="btn btn-ghost btn-sm"
          to={`/login?next=${next}`}
          data-testid="preview-login"
        >
          {t('player.preview.login')}
        </Link>
      </div>
    </section>
  );
}

/** For guests while previews remain: how many songs they may still hear. */
export function PreviewsLeft() {
  const { t } = useTranslation();
  const count = usePlayerStore((s) => Math.max(0, s.previewLimit - s.previewCount));
  const needsSignIn = usePlayerStore((s) => s.needsSignIn);
  if (needsSignIn) return null;
  return (
    <p className="preview-left muted" data-testid="previews-left">
      {t('player.preview.left', { count })}
    </p>
  );
}
