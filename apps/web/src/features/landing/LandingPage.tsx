import { UpcomingEvents } from '../../entities/event/EventCard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../lib/session';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useOwnProfile } from '../../entities/user/queries';
import { Features } from './Features';
import { RoomPreview } from './RoomPreview';

/** The home page: the pitch, a live-room preview, what you can do, and a call to join. */
export function LandingPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { data: me } = useOwnProfile();
  useDocumentTitle(undefined);

  return (
    <div className="landing" data-testid="landing">
      <section className="hero container">
        <div className="hero-copy">
          <p className="eyebrow">
            <span className="live-dot" aria-hidden="true" /> {t('landing.eyebrow')}
          </p>
          <h1 className="hero-title">
            {signedIn && me ? t('landing.welcomeBack', { name: me.nickname }) : t('landing.title')}
          </h1>
          <p className="hero-lead">{t('landing.lead')}</p>
          <div className="hero-actions">
            {signedIn ? (
              <>
                <Link className="btn btn-primary btn-lg" to="/rooms" data-testid="cta-rooms">
                  {t('landing.ctaRooms')}
                </Link>
                <Link className="btn btn-ghost btn-lg" to={me ? `/profile/${me.uuid}` : '/'}>
                  {t('landing.viewProfile')}
                </Link>
              </>
            ) : (
              <>
                <Link className="btn btn-primary btn-lg" to="/signup" data-testid="cta-signup">
                  {t('landing.ctaSignup')}
                </Link>
                <Link className="btn btn-ghost btn-lg" to="/rooms" data-testid="cta-guest">
                  {t('landing.ctaGuest')}
                </Link>
              </>
            )}
          </div>
          {!signedIn ? <p className="hero-note">{t('landing.guestNote')}</p> : null}
        </div>
        <RoomPreview />
      </section>

      <div className="container landing-events">
        <UpcomingEvents title={t('events.comingUp')} limit={4} />
      </div>

      <Features />

      {!signedIn ? (
        <section className="container">
          <div className="cta-band">
            <div>
              <h2>{t('landing.bandTitle')}</h2>
              <p>{t('landing.bandLead')}</p>
            </div>
            <div className="cta-band-actions">
              <Link className="btn btn-light btn-lg" to="/signup">
                {t('landing.ctaSignup')}
              </Link>
              <Link className="btn btn-outline-light btn-lg" to="/login">
                {t('nav.login')}
              </Link>
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
