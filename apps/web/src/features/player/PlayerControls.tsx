import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { resumePlayer, setPlayerVolume, togglePlayerMute } from './runtime';
import { toggleOverlay, usePlayerStore } from './store';
import '../../styles/player.css';

function SpeakerIcon({ muted, level }: { muted: boolean; level: number }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted || level === 0 ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <>
          <path
            d="M16 9.5a3.5 3.5 0 0 1 0 5"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
          {level > 0.5 ? (
            <path
              d="M18.5 7a7 7 0 0 1 0 10"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          ) : null}
        </>
      )}
    </svg>
  );
}

/** Volume, mute, the sync overlay switch and what the audio is doing (blocked, loading…). */
/**
 * The sync details (drift, provider) are for developers: their button shows only with `?debug=1`
 * in the address or `localStorage.ttDebug = '1'`; the `d` key works for everyone.
 */
const DEBUG_TOOLS =
  typeof window !== 'undefined' &&
  (new URLSearchParams(window.location.search).get('debug') === '1' ||
    window.localStorage?.getItem('ttDebug') === '1');

export function PlayerControls({ silent }: { silent: boolean }) {
  const { t } = useTranslation();
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const overlay = usePlayerStore((s) => s.overlay);
  const status = usePlayerStore((s) => s.status);
  const needsSignIn = usePlayerStore((s) => s.needsSignIn);
  const pct = Math.round(volume * 100);

  return (
    <div className="player-controls" data-testid="player-controls">
      {!silent && !needsSignIn ? <PlayerStatusLine status={status} /> : null}
      <div className="player-row">
        <button
          type="button"
          className="player-icon-btn"
          onClick={togglePlayerMute}
          aria-pressed={muted}
          aria-label={t('player.mute')}
          title={muted ? t('player.unmute') : t('player.mute')}
          data-testid="player-mute"
        >
          <SpeakerIcon muted={muted} level={volume} />
        </button>
        <input
          type="range"
          className="player-volume"
          min={0}
          max={100}
          step={1}
          value={pct}
          onChange={(e) => setPlayerVolume(Number(e.target.value) / 100)}
          aria-label={t('player.volume')}
          aria-valuetext={muted ? t('player.mutedValue', { value: pct }) : `${pct}%`}
          style={{ '--fill': `${muted ? 0 : pct}%` } as CSSProperties}
          data-testid="player-volume"
        />
        <span className="player-volume-value" aria-hidden="true">
          {muted ? t('player.mutedShort') : `${pct}%`}
        </span>
        {DEBUG_TOOLS ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm player-sync-btn"
            onClick={toggleOverlay}
            aria-pressed={overlay}
            aria-keyshortcuts="d"
            title={t('player.syncHint')}
            data-testid="player-sync-toggle"
          >
            {t('player.sync')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function PlayerStatusLine({ status }: { status: string }) {
  const { t } = useTranslation();
  if (status === 'blocked') {
    return (
      <button
        type="button"
        className="btn btn-primary btn-sm player-unblock"
        onClick={resumePlayer}
        data-testid="player-unblock"
      >
        <SpeakerIcon muted={false} level={1} /> {t('player.blocked')}
      </button>
    );
  }
  const text =
    status === 'loading'
      ? t('player.loading')
      : status === 'unavailable'
        ? t('player.unavailable')
        : status === 'error'
          ? t('player.error')
          : null;
  return (
    <p className="player-status" role="status" data-testid="player-status" data-status={status}>
      {status === 'loading' ? <span className="spinner" aria-hidden="true" /> : null}
      {text}
    </p>
  );
}
