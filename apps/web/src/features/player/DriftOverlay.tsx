import { useTranslation } from 'react-i18next';
import { useRoomStore } from '../../lib/socket/store';
import { toggleOverlay, usePlayerStore } from './store';

const fmt = (seconds: number) => seconds.toFixed(1);

/**
 * The sync overlay (the "Sync" button or the `d` key): drift (the listener's offset from the room's
 * timeline), provider, buffer, the last song change's gap (SYNC-11), the preloaded song (SYNC-9).
 */
export function DriftOverlay() {
  const { t } = useTranslation();
  const view = usePlayerStore();
  // SYNC-3: how far the server clock estimate may be off (half the best join round trip or less).
  const uncertainty = useRoomStore((r) => r.serverTimeUncertainty ?? null);
  if (!view.overlay) return null;
  const s = view.sample;
  const drift = s?.driftMs ?? null;
  const quality =
    drift === null
      ? 'none'
      : Math.abs(drift) <= 100
        ? 'good'
        : Math.abs(drift) <= 300
          ? 'fair'
          : 'bad';
  return (
    <aside
      className="drift-overlay"
      aria-label={t('player.overlay.title')}
      data-testid="drift-overlay"
    >
      <header className="drift-head">
        <h2>{t('player.overlay.title')}</h2>
        <button
          type="button"
          className="player-icon-btn"
          onClick={toggleOverlay}
          aria-label={t('player.overlay.close')}
        >
          ×
        </button>
      </header>
      <dl className="drift-grid">
        <dt>{t('player.overlay.drift')}</dt>
        <dd data-testid="drift-ms" data-quality={quality}>
          {drift === null ? t('player.overlay.notMeasured') : `${drift > 0 ? '+' : ''}${drift} ms`}
        </dd>
        <dt>{t('player.overlay.provider')}</dt>
        <dd data-testid="drift-provider">
          {view.provider ? t(`player.providers.${view.provider}`, view.provider) : '—'}
          {s && view.provider === 'uploadService' ? ` · ${s.via}` : ''}
        </dd>
        <dt>{t('player.overlay.position')}</dt>
        <dd>{s ? `${fmt(s.positionSeconds)} s / ${fmt(s.expectedSeconds)} s` : '—'}</dd>
        <dt>{t('player.overlay.buffered')}</dt>
        <dd data-testid="drift-buffered">
          {s && s.buffered.length > 0
            ? s.buffered.map(([a, b]) => `${fmt(a)}–${fmt(b)} s`).join(', ')
            : '—'}
        </dd>
        <dt>{t('player.overlay.rate')}</dt>
        <dd>{s ? `${s.rate.toFixed(3)}× · ${t(`player.overlay.actions.${s.action}`)}` : '—'}</dd>
        <dt>{t('player.overlay.offset')}</dt>
        <dd data-testid="drift-offset">{`${view.serverOffset > 0 ? '+' : ''}${view.serverOffset} ms`}</dd>
        <dt>{t('player.overlay.offsetUncertainty')}</dt>
        <dd data-testid="drift-offset-uncertainty">
          {uncertainty === null ? t('player.overlay.notMeasured') : `± ${uncertainty} ms`}
        </dd>
        <dt>{t('player.overlay.lastGap')}</dt>
        <dd data-testid="drift-last-gap">
          {view.lastGapMs === null ? t('player.overlay.notMeasured') : `${view.lastGapMs} ms`}
        </dd>
        <dt>{t('player.overlay.preloaded')}</dt>
        <dd data-testid="drift-preloaded">{view.preloaded ?? '—'}</dd>
      </dl>
      <h3>{t('player.overlay.events')}</h3>
      {view.events.length === 0 ? (
        <p className="muted drift-empty">{t('player.overlay.noEvents')}</p>
      ) : (
        <ol className="drift-events" data-testid="drift-events">
          {view.events.slice(0, 6).map((e) => (
            <li key={`${e.playId}-${e.topic}-${e.at}`}>
              <code>{e.topic}</code> <span className="muted">{e.trackName}</span>{' '}
              <span>{fmt(e.secondsPlayed)} s</span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted drift-hint">{t('player.syncHint')}</p>
    </aside>
  );
}
