import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, type ClientRoomState } from '@tt/protocol';
import { useSocketErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { mayI } from '../../../entities/session/access';
import type { Me } from '../../../entities/room/hooks';
import { fetchAgoraToken, useAgoraConfigQuery } from '../queries';
import { liveAudioSupported } from './codec';
import { LiveAudioSession, useLiveAudioStore } from './session';
import './live-audio.css';

/**
 * The room's live audio (LIVE-AUDIO-1..9): who talks, the mic for those the access table lets
 * talk, hands and letting in for hosts, cutting for moderators, and muting for everyone.
 */
export function LiveAudioPanel({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  const errorText = useSocketErrorText();
  const on = state.settings.liveAudio;
  const roomUuid = state.settings.uuid;
  const token = useSession((s) => s.accessToken ?? s.guestToken);
  const session = useRef<LiveAudioSession | null>(null);
  // LIVE-AUDIO-15: with Agora on, the audio goes through Agora's SDK (loaded only then).
  const agoraConfig = useAgoraConfigQuery(on);
  // LIVE-AUDIO-17: guests get no Agora token; they hear the built-in copy of the voices.
  const signedIn = useSession((s) => !!s.accessToken);
  const agoraAppId = signedIn ? (agoraConfig.data?.appId ?? null) : null;
  const decided = !agoraConfig.isPending;
  const supported = agoraAppId !== null || liveAudioSupported();
  const view = useLiveAudioStore();

  useEffect(() => {
    if (!on || !token || !supported || !decided) return;
    const agora = agoraAppId
      ? { appId: agoraAppId, fetchToken: fetchAgoraToken, userUuid: me.uuid }
      : null;
    const s = new LiveAudioSession(roomUuid, token, window.location.origin, agora);
    session.current = s;
    s.start();
    return () => {
      s.close();
      if (session.current === s) session.current = null;
    };
  }, [on, token, roomUuid, supported, decided, agoraAppId, me.uuid]);

  if (!on) return null;
  if (!supported) {
    return (
      <section className="side-card live-audio" aria-labelledby="live-audio-title">
        <h2 id="live-audio-title">{t('liveAudio.title')}</h2>
        <p className="muted">{t('liveAudio.unsupported')}</p>
      </section>
    );
  }

  const settings = state.settings;
  const room = {
    roomRoles: settings.roomRoles,
    djType: settings.djType,
    djUuids: state.djs.map((d) => d.uuid),
    voiceInvited: view.invited,
  };
  const mayTalk = mayI(me, 'room.voice.speak', { room });
  const mayHand = mayI(me, 'room.voice.hand', { room });
  const mayInvite = mayI(me, 'room.voice.invite', { room });
  const mayCut = mayI(me, 'room.voice.cut', { room });
  const name = (uuid: string) =>
    state.allUserData[uuid]?.userProfile.nickname ?? t('liveAudio.someone');
  const s = session.current;
  const handUp = !!me.uuid && view.hands.includes(me.uuid);
  const onAir = view.speakers.length > 0;

  return (
    <section
      className="side-card live-audio"
      aria-labelledby="live-audio-title"
      data-testid="live-audio"
      data-status={view.status}
    >
      <div className="live-audio-head">
        <h2 id="live-audio-title">{t('liveAudio.title')}</h2>
        {onAir ? (
          <span className="live-audio-onair" data-testid="live-audio-onair">
            {t('liveAudio.onAir')}
          </span>
        ) : null}
        <meter
          className="live-audio-level"
          data-testid="live-audio-level"
          data-level={view.level}
          min={0}
          max={0.3}
          value={Math.min(view.level, 0.3)}
          aria-label={t('liveAudio.level')}
        />
      </div>
      {view.agora ? (
        <p className="muted live-audio-via" data-testid="live-audio-agora">
          {t('liveAudio.viaAgora')}
        </p>
      ) : null}
      {view.fallback ? (
        <p className="muted live-audio-via" data-testid="live-audio-fallback">
          {t('liveAudio.agoraFallback')}
        </p>
      ) : null}
      {view.blocked && onAir ? (
        <button
          type="button"
          className="btn btn-primary btn-sm btn-block"
          data-testid="live-audio-unblock"
          onClick={() => void s?.unblock()}
        >
          {t('liveAudio.unblock')}
        </button>
      ) : null}
      <ul className="live-audio-people" aria-label={t('liveAudio.speakers')}>
        {view.speakers.map((uuid) => (
          <li key={uuid} data-testid="live-audio-speaker">
            <span className="live-audio-dot" aria-hidden="true" /> {name(uuid)}
            {mayCut && uuid !== me.uuid ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => s?.cut(uuid)}>
                {t('liveAudio.cut')}
              </button>
            ) : null}
          </li>
        ))}
        {view.speakers.length === 0 ? <li className="muted">{t('liveAudio.nobody')}</li> : null}
      </ul>
      <div className="live-audio-actions">
        {view.speaking || view.starting ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="live-audio-stop"
            onClick={() => void s?.stopTalking()}
          >
            {view.speaking ? t('liveAudio.stop') : t('liveAudio.starting')}
          </button>
        ) : mayTalk ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="live-audio-talk"
            disabled={view.status !== 'ready'}
            onClick={() => s?.talk()}
          >
            {t('liveAudio.talk')}
          </button>
        ) : mayHand ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="live-audio-hand"
            aria-pressed={handUp}
            onClick={() => s?.raiseHand(!handUp)}
          >
            {handUp ? t('liveAudio.lowerHand') : t('liveAudio.raiseHand')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          data-testid="live-audio-mute"
          aria-pressed={view.muted}
          onClick={() => s?.setMuted(!view.muted)}
        >
          {view.muted ? t('liveAudio.unmute') : t('liveAudio.mute')}
        </button>
      </div>
      {mayInvite && (view.hands.length > 0 || view.invited.length > 0) ? (
        <ul className="live-audio-people" aria-label={t('liveAudio.hands')}>
          {view.hands.map((uuid) => (
            <li key={`h-${uuid}`} data-testid="live-audio-hand-up">
              ✋ {name(uuid)}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => s?.invite(uuid, true)}
              >
                {t('liveAudio.letTalk')}
              </button>
            </li>
          ))}
          {view.invited.map((uuid) => (
            <li key={`i-${uuid}`}>
              {t('liveAudio.mayTalk', { name: name(uuid) })}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => s?.invite(uuid, false)}
              >
                {t('liveAudio.takeBack')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {view.error ? (
        <p className="live-audio-error" role="alert" data-testid="live-audio-error">
          {view.error === 'MIC_DENIED'
            ? t('liveAudio.micDenied')
            : view.error === 'AGORA_FAILED'
              ? t('liveAudio.agoraFailed')
              : errorText(ERRORS[view.error].message, view.error)}
        </p>
      ) : null}
    </section>
  );
}
