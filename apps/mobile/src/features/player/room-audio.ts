import { useVideoPlayer, type VideoPlayer } from 'expo-video';

/** What RoomPlayer asks of the player: expo-video's VideoPlayer, the parts it uses. */
export type RoomAudio = Pick<
  VideoPlayer,
  | 'currentTime'
  | 'playbackRate'
  | 'volume'
  | 'playing'
  | 'status'
  | 'staysActiveInBackground'
  | 'showNowPlayingNotification'
  | 'loop'
  | 'play'
  | 'pause'
  | 'replace'
  | 'replaceAsync'
> & {
  addListener(
    event: 'statusChange',
    listener: (payload: { status: VideoPlayer['status'] }) => void,
  ): { remove: () => void };
};

/** Phones: expo-video's player (background playback, the lock screen). See room-audio.web.ts. */
export function useRoomAudio(setup: (player: RoomAudio) => void): RoomAudio {
  return useVideoPlayer(null, setup);
}
