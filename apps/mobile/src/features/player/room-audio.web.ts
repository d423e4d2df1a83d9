import { useEffect, useState } from 'react';
import type { RoomAudio } from './room-audio';
import { WebAudioPlayer } from './web-audio';

export type { RoomAudio } from './room-audio';

/** The web export: an <audio> element fed through Media Source (web-hls.ts), see web-audio.ts. */
export function useRoomAudio(setup: (player: RoomAudio) => void): RoomAudio {
  const [element] = useState(() => {
    const audio = document.createElement('audio');
    // Without controls an <audio> takes no room; in the page, tests can read where it is.
    audio.dataset.testid = 'room-audio';
    return audio;
  });
  const [player] = useState(() => {
    const p = new WebAudioPlayer(element);
    setup(p);
    return p;
  });
  useEffect(() => {
    document.body.appendChild(element);
    return () => {
      player.release();
      element.remove();
    };
  }, [element, player]);
  return player;
}
