import { useCallback, useEffect, useRef, useState } from 'react';
import { AppState, Pressable, StyleSheet, Text, View } from 'react-native';
import { useTranslation } from 'react-i18next';
import type { ClientNowPlaying } from '@tt/protocol';
import { serverNow, type RoomStatus, type RoomStoreApi } from '@tt/room-client';
import { API_URL } from '../../lib/config';
import { currentToken } from '../../lib/token';
import { theme } from '../../ui/theme';
import { useSongVolume } from '../room/live-audio-session';
import './i18n';
import { resolvePlayerSource } from './queries';
import { useRoomAudio, type RoomAudio } from './room-audio';
import { playableOnPhone, songSource } from './source';
import { reportDrift } from './drift';
import { SyncPlanner, type SyncEvent, type SyncStep } from './sync-plan';
import { VoicePlayer } from './VoicePlayer';

/** Once a second while a song plays the player's position is compared with the server's. */
export const SYNC_INTERVAL_MS = 1000;

type Phase = 'idle' | 'loading' | 'playing' | 'error';

interface View_ {
  np: ClientNowPlaying | null;
  position: number;
  phase: Phase;
}

const REJOINING: ReadonlySet<RoomStatus> = new Set(['reconnecting', 'rejoining', 'connecting']);

type Subscribable = RoomStoreApi & { subscribe?: (listener: () => void) => () => void };

function setup(p: RoomAudio) {
  // The room keeps sounding with the screen locked, with the song on the lock screen.
  p.staysActiveInBackground = true;
  p.showNowPlayingNotification = true;
  p.loop = false;
}

/**
 * The room's audio on the phone, in step with the server clock (SyncPlanner decides, this carries
 * it out), and the now-playing bar: mute/listen locally — the room plays on — and the position.
 */
export default function RoomPlayer({
  store,
  voiceRoom = null,
}: {
  store: RoomStoreApi;
  /** LIVE-AUDIO-12: the room whose live voice plays beside the song (its live audio is on). */
  voiceRoom?: string | null;
}) {
  const { t } = useTranslation();
  const player = useRoomAudio(setup);
  const [planner] = useState(() => new SyncPlanner());
  const [listening, setListening] = useState(true);
  const [view, setView] = useState<View_>({ np: null, position: 0, phase: 'idle' });
  const listeningRef = useRef(true);
  const loaded = useRef(false);
  const generation = useRef(0);
  /** Lets go of the song's source (the web export's Media Source loader) when another comes. */
  const release = useRef<() => void>(() => undefined);
  const status = useRef<RoomStatus>(store.getState().status);

  const apply = useCallback(
    async (step: SyncStep, np: ClientNowPlaying | null) => {
      if (step.kind === 'stop') {
        if (planner.current() === null && loaded.current) {
          generation.current++;
          loaded.current = false;
          release.current();
          player.replace(null);
        }
        player.pause();
        return;
      }
      if (step.kind === 'load' && np) {
        const gen = ++generation.current;
        loaded.current = false;
        setView((v) => ({ ...v, phase: 'loading' }));
        const source = songSource(np.song, { origin: API_URL, token: currentToken() });
        if (!source) return;
        try {
          const resolved = await resolvePlayerSource(
            source,
            () => player.currentTime,
            () => gen === generation.current && setView((v) => ({ ...v, phase: 'error' })),
          );
          if (gen !== generation.current) {
            resolved.release();
            return;
          }
          release.current();
          release.current = resolved.release;
          await player.replaceAsync(resolved.source);
          if (gen !== generation.current) return;
          // Loading took a while: start where the room is now, not where it was.
          const offset = store.getState().serverTimeOffset;
          player.currentTime = Math.max(
            0,
            (serverNow(offset) - np.endTime) / 1000 + np.song.duration,
          );
          player.playbackRate = 1;
          loaded.current = true;
          if (listeningRef.current) player.play();
        } catch {
          if (gen === generation.current) setView((v) => ({ ...v, phase: 'error' }));
        }
        return;
      }
      if (step.kind === 'seek') {
        player.playbackRate = 1;
        player.currentTime = step.to;
      } else if (step.kind === 'rate') {
        player.playbackRate = step.rate;
      }
      // play() again even when the player says it plays: the web build's flag can be stale.
      if (loaded.current && listeningRef.current) player.play();
    },
    [planner, player, store],
  );

  const sync = useCallback(
    (event: SyncEvent) => {
      const s = store.getState();
      const np = s.state?.nowPlaying ?? null;
      const step = planner.plan(event, {
        nowPlaying: np,
        serverNow: serverNow(s.serverTimeOffset),
        position: loaded.current ? player.currentTime : null,
        ready: loaded.current && player.playing && player.status === 'readyToPlay',
        listening: listeningRef.current,
        playable: np ? playableOnPhone(np.song) : false,
      });
      void apply(step, np);
      // SYNC-PHONE-1: the readout shows the last drift measured (kept while none is this time).
      if (!np || !loaded.current) reportDrift(null);
      else if (step.kind !== 'load' && step.kind !== 'stop' && step.drift !== null) {
        reportDrift(step.drift);
      }
      setView((v) => ({
        np,
        position: loaded.current ? player.currentTime : 0,
        phase: !np
          ? 'idle'
          : v.phase === 'error' && step.kind !== 'load'
            ? 'error'
            : loaded.current
              ? 'playing'
              : 'loading',
      }));
    },
    [apply, planner, player, store],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      const next = store.getState().status;
      const reconnected = next === 'joined' && REJOINING.has(status.current);
      status.current = next;
      sync(reconnected ? 'reconnected' : 'tick');
    }, SYNC_INTERVAL_MS);
    const unsubscribe = (store as Subscribable).subscribe?.(() => {
      const next = store.getState().status;
      const reconnected = next === 'joined' && REJOINING.has(status.current);
      status.current = next;
      sync(reconnected ? 'reconnected' : 'tick');
    });
    const app = AppState.addEventListener('change', (state) => {
      sync(state === 'active' ? 'foreground' : 'background');
    });
    let waiting = false;
    const stall = player.addListener('statusChange', ({ status: s }) => {
      if (s === 'loading' && loaded.current) waiting = true;
      if (s === 'readyToPlay' && waiting) {
        waiting = false;
        sync('stalled');
      }
      if (s === 'error') setView((v) => ({ ...v, phase: 'error' }));
    });
    sync('tick');
    return () => {
      clearInterval(timer);
      unsubscribe?.();
      app.remove();
      stall.remove();
      release.current();
    };
  }, [player, store, sync]);

  // LIVE-AUDIO-8: the song plays softer while someone talks on the room's live audio.
  const volume = useSongVolume();
  useEffect(() => {
    player.volume = volume;
  }, [player, volume]);

  const toggle = () => {
    const next = !listeningRef.current;
    listeningRef.current = next;
    setListening(next);
    sync(next ? 'resume' : 'tick');
  };

  const np = view.np;
  const playable = np ? playableOnPhone(np.song) : false;
  const duration = np?.song.duration ?? 0;
  const note = !np
    ? t('player.nothing')
    : !playable
      ? t('player.cantPlay')
      : view.phase === 'error'
        ? t('player.error')
        : !listening
          ? t('player.muted')
          : view.phase === 'loading'
            ? t('player.loading')
            : null;

  return (
    <View
      testID="room-player"
      style={styles.bar}
      accessible
      accessibilityLabel={t('player.position')}
      // now: whole seconds; text: the exact position (seconds, 3 decimals) for tests reading the page.
      accessibilityValue={{
        min: 0,
        max: Math.round(duration),
        now: Math.round(view.position),
        text: view.position.toFixed(3),
      }}
    >
      {voiceRoom ? <VoicePlayer roomUuid={voiceRoom} /> : null}
      <View style={styles.text}>
        <Text style={styles.title} numberOfLines={1}>
          {np ? np.song.trackName : t('player.nothing')}
        </Text>
        {np ? (
          <Text style={styles.artist} numberOfLines={1}>
            {np.song.artistName}
          </Text>
        ) : null}
        {np && note ? (
          <Text style={styles.note} numberOfLines={2} testID="room-player-note">
            {note}
          </Text>
        ) : null}
        {np && playable ? (
          <View style={styles.track}>
            <View
              style={[
                styles.progress,
                { width: `${duration > 0 ? Math.min(100, (view.position / duration) * 100) : 0}%` },
              ]}
            />
          </View>
        ) : null}
      </View>
      {np && playable ? (
        <Pressable
          testID="room-player-toggle"
          accessibilityRole="button"
          accessibilityLabel={listening ? t('player.mute') : t('player.listen')}
          onPress={toggle}
          style={styles.button}
        >
          <Text style={styles.buttonText}>{listening ? '❚❚' : '▶'}</Text>
        </Pressable>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  bar: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    padding: 12,
    borderRadius: 16,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
  text: { flex: 1, gap: 2 },
  title: { color: theme.text, fontSize: 16, fontWeight: '700' },
  artist: { color: theme.muted, fontSize: 14 },
  note: { color: theme.muted, fontSize: 12 },
  track: { height: 4, borderRadius: 2, backgroundColor: theme.border, marginTop: 6 },
  progress: { height: 4, borderRadius: 2, backgroundColor: theme.brand },
  button: {
    width: 48,
    height: 48,
    borderRadius: 24,
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: theme.brand,
  },
  buttonText: { color: '#fff', fontSize: 18, fontWeight: '700' },
});
