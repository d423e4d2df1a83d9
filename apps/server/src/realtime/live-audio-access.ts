import type { RoomDto } from '@tt/protocol';
import type { AuthContext } from '../platform/auth';
import type { Platform } from '../platform/service';
import { requirePort } from '../platform/wiring';
import type { LiveAudioBoard } from './live-audio-board';
import { allowed, Refused, type AudioConn, type LocalRoom } from './live-audio-conn';
import type { RoomRouter } from './router';

/**
 * Who may do what in a room's live audio: the room's live audio on, joining it (LIVE-AUDIO-1) and
 * talking in it (LIVE-AUDIO-2), asked of the room service and the room's state each time.
 */
export class LiveAudioAccess {
  constructor(
    private readonly platform: Platform,
    private readonly router: RoomRouter,
    private readonly board: LiveAudioBoard,
    /** The rooms followed here, with the cuts they heard of (LIVE-AUDIO-4). */
    private readonly rooms: ReadonlyMap<string, LocalRoom>,
  ) {}

  async assertListener(auth: AuthContext, roomUuid: string): Promise<void> {
    allowed(auth, await this.room(roomUuid), 'room.join');
    const { uuid, roles, isGuest } = auth;
    const rooms = requirePort(this.platform, 'rooms');
    if (!(await rooms.canSeeInside(roomUuid, { uuid, roles, isGuest }))) {
      throw new Refused('ROOM_PASSWORD_REQUIRED');
    }
  }

  async checkSpeaker(conn: AudioConn, roomUuid: string): Promise<void> {
    await this.assertSpeaker(conn.auth, roomUuid, conn.invited);
    conn.checkedAt = Date.now();
  }

  /** LIVE-AUDIO-2: live audio on, not cut, and the table lets this person talk here now. */
  async assertSpeaker(auth: AuthContext, roomUuid: string, invited: boolean) {
    const room = await this.room(roomUuid);
    const cutUntil = Math.max(
      this.rooms.get(roomUuid)?.cutUntil.get(auth.uuid) ?? 0,
      this.board.cutUntil(roomUuid, auth.uuid),
    );
    if (cutUntil > Date.now()) throw new Refused('LIVE_AUDIO_CUT');
    const state = await this.router.roomState(roomUuid);
    const djUuids = state?.djs.map((d) => d.uuid) ?? [];
    const voiceInvited = invited ? [auth.uuid] : [];
    await allowed(auth, room, 'room.voice.speak', { djUuids, voiceInvited });
  }

  async room(roomUuid: string): Promise<RoomDto> {
    const room = await requirePort(this.platform, 'rooms').get(roomUuid);
    if (!room) throw new Refused('ROOM_NOT_FOUND');
    if (!room.liveAudio) throw new Refused('LIVE_AUDIO_OFF');
    return room;
  }
}
