import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePlayerStore } from './store';

/**
 * Shown to a guest when the server refused the song's key (LIVE-LISTEN-2): playback stopped, sign
 * in to go on. Listening in a live room never brings it up on its own.
 */
export function GuestPreviewPrompt() {
  const { t } = useTranslation();
  const needsSignIn = usePlayerStore((s) => s.needsSignIn);
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
        <p>{t('player.preview.body')}</p>
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

/** For guests listening in a room (LIVE-LISTEN-2): listening is free; signing up lets them DJ. */
export function GuestListening() {
  const { t } = useTranslation();
  const needsSignIn = usePlayerStore((s) => s.needsSignIn);
  if (needsSignIn) return null;
  return (
    <p className="preview-left muted" data-testid="guest-listening">
      {t('player.preview.guestListening')}
    </p>
  );
}
