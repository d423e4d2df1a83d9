import type {
  IAgoraRTC,
  IAgoraRTCClient,
  IAgoraRTCRemoteUser,
  IMicrophoneAudioTrack,
} from 'agora-rtc-sdk-ng';
import type { AgoraRole, AgoraTokenDto } from '@tt/protocol';

/** Asks the server's token route for a token of this role for this channel and uid. */
export type AgoraTokenFetch = (req: {
  channelName: string;
  uid: number;
  role: AgoraRole;
}) => Promise<AgoraTokenDto>;

/**
 * LIVE-AUDIO-15: the SDK is its own chunk, loaded only when the server has Agora, so the main
 * bundle does not carry it.
 */
export const loadAgoraSdk = async (): Promise<IAgoraRTC> =>
  (await import('agora-rtc-sdk-ng')).default;

/** The microphone could not be opened (refused by the person or the browser). */
export class MicDeniedError extends Error {
  constructor() {
    super('MIC_DENIED');
    this.name = 'MicDeniedError';
  }
}

/**
 * LIVE-AUDIO-17: a person's 20-bit tag (FNV-1a of their uuid), the high bits of their Agora uid,
 * so listeners can tell whose voice already reaches them through Agora.
 */
export const agoraTag = (userUuid: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < userUuid.length; i++) h = Math.imul(h ^ userUuid.charCodeAt(i), 0x01000193);
  return (h >>> 0) & 0xfffff;
};

/**
 * An Agora uid (32-bit, not 0) for one visit: each token is signed for it alone. Random, with
 * the person's tag in its high 20 bits when known (LIVE-AUDIO-17).
 */
const visitUid = (userUuid: string | null): number => {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!;
  if (userUuid === null) return (random % 4_294_967_294) + 1;
  return ((agoraTag(userUuid) << 12) | (random & 0xfff) | 1) >>> 0;
};

/**
 * LIVE-AUDIO-15: one room's live-audio media through Agora. The channel is the room's uuid; it
 * listens with a SUBSCRIBER token, upgrades to a PUBLISHER token to talk and publishes the
 * microphone, and renews its token before it expires. Who talks is decided on the built-in socket.
 */
export class AgoraMedia {
  private rtc: IAgoraRTC | null = null;
  private client: IAgoraRTCClient | null = null;
  private mic: IMicrophoneAudioTrack | null = null;
  private role: AgoraRole = 'SUBSCRIBER';
  private muted = false;
  private left = false;
  private joined: Promise<void> | null = null;
  readonly uid: number;
  /** The browser refused to play before a click. */
  blocked = false;

  constructor(
    private readonly appId: string,
    private readonly channelName: string,
    private readonly fetchToken: AgoraTokenFetch,
    private readonly load: () => Promise<IAgoraRTC> = loadAgoraSdk,
    userUuid: string | null = null,
  ) {
    this.uid = visitUid(userUuid);
  }

  private token(role: AgoraRole) {
    return this.fetchToken({ channelName: this.channelName, uid: this.uid, role });
  }

  /** Loads the SDK and joins the room's channel as a listener. */
  join(): Promise<void> {
    this.joined ??= this.doJoin();
    return this.joined;
  }

  private async doJoin(): Promise<void> {
    const rtc = await this.load();
    if (this.left) return;
    this.rtc = rtc;
    rtc.setLogLevel(2); // the SDK's warnings and errors, not its debug chatter
    rtc.onAutoplayFailed = () => {
      this.blocked = true;
    };
    const client = rtc.createClient({ mode: 'rtc', codec: 'vp8' });
    this.client = client;
    client.on(
      'user-published',
      (user: IAgoraRTCRemoteUser, kind: 'audio' | 'video' | 'datachannel') => {
        if (kind === 'audio') void this.play(user);
      },
    );
    client.on('token-privilege-will-expire', () => void this.renew());
    client.on('token-privilege-did-expire', () => void this.renew());
    const { token } = await this.token('SUBSCRIBER');
    if (this.left) return;
    await client.join(this.appId, this.channelName, token, this.uid);
    // Left while joining (LIVE-AUDIO-17: a join that took too long): out again.
    if (this.left) await client.leave().catch(() => undefined);
  }

  private async play(user: IAgoraRTCRemoteUser): Promise<void> {
    const track = await this.client?.subscribe(user, 'audio');
    if (!track || this.left) return;
    track.setVolume(this.muted ? 0 : 100);
    track.play();
  }

  /** Renews the token before it expires; a talker who may no longer talk goes back to listening. */
  private async renew(): Promise<void> {
    const client = this.client;
    if (!client || this.left) return;
    try {
      await client.renewToken((await this.token(this.role)).token);
    } catch {
      if (this.role !== 'PUBLISHER') return;
      await this.unpublish();
      await client.renewToken((await this.token('SUBSCRIBER')).token).catch(() => undefined);
    }
  }

  /**
   * Talk: a PUBLISHER token first (the server refuses anyone it would not let on the mic, and that
   * refusal is thrown as the route answered it), then the microphone is published.
   */
  async publish(): Promise<void> {
    await this.join();
    const client = this.client;
    const rtc = this.rtc;
    if (!client || !rtc || this.mic) return;
    const { token } = await this.token('PUBLISHER');
    await client.renewToken(token);
    this.role = 'PUBLISHER';
    let mic: IMicrophoneAudioTrack;
    try {
      mic = await rtc.createMicrophoneAudioTrack();
    } catch {
      throw new MicDeniedError();
    }
    if (this.left || this.role !== 'PUBLISHER') {
      mic.close();
      return;
    }
    this.mic = mic;
    await client.publish(mic);
  }

  /** Stop, cut or leave: the microphone is unpublished and closed. */
  async unpublish(): Promise<void> {
    const mic = this.mic;
    this.mic = null;
    this.role = 'SUBSCRIBER';
    if (!mic) return;
    await this.client?.unpublish(mic).catch(() => undefined);
    mic.close();
  }

  /** LIVE-AUDIO-8: what this person hears of live audio, muted or not. */
  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const u of this.client?.remoteUsers ?? []) u.audioTrack?.setVolume(muted ? 0 : 100);
  }

  /** LIVE-AUDIO-17: is this person in the Agora channel (so their voice comes through Agora)? */
  present(userUuid: string): boolean {
    const tag = agoraTag(userUuid);
    return (this.client?.remoteUsers ?? []).some((u) => Number(u.uid) >>> 12 === tag);
  }

  /** The loudest remote voice now (0..1), for the meter. */
  level(): number {
    let top = 0;
    for (const u of this.client?.remoteUsers ?? []) {
      top = Math.max(top, u.audioTrack?.getVolumeLevel() ?? 0);
    }
    return top;
  }

  /** The page was clicked: the remote voices play again. */
  resume(): void {
    this.blocked = false;
    for (const u of this.client?.remoteUsers ?? []) u.audioTrack?.play();
  }

  /** Leaves at once, even while a join is still under way (it then stops at its next step). */
  async leave(): Promise<void> {
    this.left = true;
    await this.unpublish();
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.removeAllListeners();
    await client.leave().catch(() => undefined);
  }
}
