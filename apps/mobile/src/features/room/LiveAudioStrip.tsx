import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { can } from '@tt/rules';
import { useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { roomResource, useRoomActor } from '../dj/seat';
import './live-audio-i18n';
import { LiveAudioConnection, setLiveAudioMuted, useLiveAudio } from './live-audio-session';

/** LIVE-AUDIO-1: one live-audio connection while the room (with live audio on) is shown. */
function useLiveAudioConnection(
  roomUuid: string,
  token: string | null,
): LiveAudioConnection | null {
  const [conn, setConn] = useState<LiveAudioConnection | null>(null);
  useEffect(() => {
    if (!token) return;
    const c = new LiveAudioConnection(roomUuid, token);
    c.start();
    setConn(c);
    return () => {
      c.stop();
      setConn(null);
    };
  }, [roomUuid, token]);
  return conn;
}

/**
 * A room's live audio on the phone: who talks now, my hand (raise/lower when the access table
 * lets me: LIVE-AUDIO-3) and mute (LIVE-AUDIO-8). RoomPlayer reads the same store: the song ducks
 * while someone talks and its VoicePlayer plays the voices (LIVE-AUDIO-12).
 */
export function LiveAudioStrip({ state }: { state: ClientRoomState }) {
  const { t } = useTranslation();
  const session = useSession();
  const token = session.kind === 'signedOut' ? null : session.token;
  const roomUuid = state.settings.uuid;
  const conn = useLiveAudioConnection(roomUuid, token);
  const view = useLiveAudio((v) => v);
  const actor = useRoomActor(state);

  const mayHand = actor !== null && can(actor, 'room.voice.hand', roomResource(state.settings));
  const name = (uuid: string) =>
    state.allUserData[uuid]?.userProfile?.nickname ?? t('liveAudio.someone');
  const names = view.speakers.map(name).join(', ');
  return (
    <View style={styles.strip} testID="live-audio-strip">
      <View style={styles.text}>
        <Text style={styles.label}>{t('liveAudio.title')}</Text>
        <Text style={styles.talk} numberOfLines={1} testID="live-audio-talking">
          {view.status === 'connecting'
            ? t('liveAudio.connecting')
            : view.speakers.length > 0
              ? t('liveAudio.talking', { count: view.speakers.length, names })
              : t('liveAudio.nobody')}
        </Text>
      </View>
      {mayHand ? (
        <Pressable
          testID="live-audio-hand"
          accessibilityRole="button"
          accessibilityState={{ selected: view.hand }}
          accessibilityLabel={view.hand ? t('liveAudio.handUp') : t('liveAudio.raiseHand')}
          disabled={!conn || view.status !== 'ready'}
          onPress={() => conn?.hand(!view.hand)}
          style={[styles.button, view.hand && styles.on]}
        >
          <Text style={[styles.buttonText, view.hand && styles.onText]}>
            {view.hand ? t('liveAudio.lowerHand') : t('liveAudio.raiseHand')}
          </Text>
        </Pressable>
      ) : null}
      <Pressable
        testID="live-audio-mute"
        accessibilityRole="button"
        accessibilityState={{ selected: view.muted }}
        onPress={() => setLiveAudioMuted(!view.muted)}
        style={[styles.button, view.muted && styles.on]}
      >
        <Text style={[styles.buttonText, view.muted && styles.onText]}>
          {view.muted ? t('liveAudio.unmute') : t('liveAudio.mute')}
        </Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  strip: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 8,
    padding: 10,
    borderRadius: 14,
    borderWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  text: { flex: 1, gap: 2 },
  label: { color: theme.brand, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  talk: { color: theme.text, fontWeight: '600' },
  button: {
    minHeight: 36,
    paddingHorizontal: 12,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.border,
    justifyContent: 'center',
  },
  buttonText: { color: theme.text, fontWeight: '700', fontSize: 13 },
  on: { backgroundColor: theme.brand, borderColor: theme.brand },
  onText: { color: '#fff' },
});
