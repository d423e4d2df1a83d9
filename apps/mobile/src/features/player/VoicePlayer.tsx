import { useEffect, useState } from 'react';
import { useVideoPlayer } from 'expo-video';
import { currentToken } from '../../lib/token';
import { liveAudioListenUrl, useLiveAudio } from '../room/live-audio-session';

/** The voice stream stays open this long after the last talker stops (no reconnect per pause). */
export const VOICE_LINGER_MS = 10_000;

/**
 * LIVE-AUDIO-12: a room's live voice on a phone: the server's MP3 listen stream (with the token:
 * a native player sends no header of ours) in a second expo-video player, audio only, open while
 * someone talks (and a little after) unless voices are muted. Renders nothing.
 */
export function VoicePlayer({ roomUuid }: { roomUuid: string }) {
  const wanted = useLiveAudio((v) => v.speakers.length > 0 && !v.muted);
  const player = useVideoPlayer(null, (p) => {
    p.staysActiveInBackground = true;
    p.showNowPlayingNotification = false;
    p.loop = false;
  });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (wanted) {
      setOpen(true);
      return;
    }
    const t = setTimeout(() => setOpen(false), VOICE_LINGER_MS);
    return () => clearTimeout(t);
  }, [wanted]);
  useEffect(() => {
    const token = currentToken();
    if (!open || !token) return;
    player.replace({ uri: liveAudioListenUrl(roomUuid, token) });
    player.play();
    return () => {
      player.pause();
      player.replace(null);
    };
  }, [open, player, roomUuid]);
  return null;
}
