/** The errors of songs, rooms, the room socket, room rules and music-provider tokens. Part of `ERRORS` (errors.ts). */
export const ROOM_ERRORS = {
  // song catalogue
  SONG_NOT_FOUND: { status: 404, message: 'Song not found.' },

  // rooms
  ROOM_NOT_FOUND: { status: 404, message: 'Room not found.' },
  ROOM_SLUG_TAKEN: {
    status: 409,
    message: 'This room address (slug) is already taken, please choose another one.',
  },
  ROOM_SLUG_RESERVED: {
    status: 409,
    message: 'This room address (slug) is reserved, please choose another one.',
  },
  ROOM_LIMIT_REACHED: { status: 403, message: 'You already own the maximum number of rooms.' },
  ROOM_MANAGE_FORBIDDEN: {
    status: 403,
    message: 'Only the owner and co-owners of this room can change it.',
  },
  ROOM_MODERATE_FORBIDDEN: {
    status: 403,
    message: 'Only the owner, co-owners and moderators of this room can do this.',
  },
  ROOM_OWNER_ONLY: { status: 403, message: 'Only the owner of this room or an admin can do this.' },
  ROOM_PROMOTE_FORBIDDEN: {
    status: 403,
    message: 'Promoting rooms needs the promoteRoom capability.',
  },
  ROOM_NOT_LIVE: { status: 403, message: 'This room is not live right now.' },
  ROOM_PASSWORD_REQUIRED: { status: 403, message: 'This room needs a password.' },
  ROOM_PASSWORD_INCORRECT: { status: 403, message: 'Incorrect room password.' },
  ROOM_PASSWORD_ATTEMPTS: {
    status: 429,
    message: 'Too many wrong room passwords, please try again later.',
  },
  ROOM_BANNED: { status: 403, message: 'You are banned from this room.' },
  ROOM_KICKED: {
    status: 403,
    message: 'You were kicked from this room, please try again in a few minutes.',
  },
  ROOM_FULL: { status: 403, message: 'This room is full' },
  ROOM_GUESTS_FULL: {
    status: 403,
    message: 'This room cannot take more guests right now, please log in to join.',
  },
  // the room socket's own refusals (error frames carry these codes)
  SOCKET_RATE_LIMITED: {
    status: 429,
    message: 'You are doing that too often, please slow down.',
  },
  SOCKET_FLOODING: {
    status: 429,
    message: 'Too many refused messages: this connection is closed.',
  },
  SOCKET_USER_LIMIT: {
    status: 429,
    message: 'Too many open connections for this account, please close some tabs.',
  },
  SOCKET_IP_LIMIT: { status: 429, message: 'Too many open connections from this address.' },
  SOCKET_UNKNOWN_ACTION: { status: 400, message: 'Unknown action' },
  SOCKET_UNKNOWN_EVENT: { status: 400, message: 'Unknown event' },
  SOCKET_INVALID_PARAMS: { status: 400, message: 'Invalid params' },
  ROOM_SERVICE_DOWN: { status: 503, message: 'The room service is not available' },
  ROOM_NOT_JOINED: { status: 409, message: 'Join the room first' },
  ROOM_GUEST_LISTEN_ONLY: { status: 403, message: 'Guests can only listen, please log in' },
  ROOM_NO_SEAT: { status: 409, message: 'Every DJ seat is taken' },
  ROOM_ALREADY_DJ: { status: 409, message: 'You are already a DJ' },
  ROOM_CANNOT_DJ: { status: 403, message: 'You are not allowed to DJ in this room' },
  ROOM_NOT_A_DJ: { status: 409, message: 'You are not a DJ' },
  ROOM_TARGET_NOT_A_DJ: { status: 404, message: 'This user is not a DJ' },
  ROOM_REMOVE_DJ_FORBIDDEN: { status: 403, message: 'Only moderators can remove another DJ' },
  ROOM_NOTHING_PLAYING: { status: 409, message: 'No song is playing' },
  ROOM_SKIP_FORBIDDEN: { status: 403, message: 'Only the DJ or a moderator can skip this song' },
  ROOM_OWN_SONG_VOTE: { status: 403, message: 'You cannot vote on your own song' },
  // VOTE-PLAY-2: an action that named a play which is no longer the one playing.
  ROOM_PLAY_CHANGED: {
    status: 409,
    message: 'The song changed before your action arrived; nothing was done',
  },
  // VOTE-PLAY-4: the room turned dislikes off.
  ROOM_DISLIKES_OFF: { status: 403, message: 'Dislikes are turned off in this room' },
  // ROOM-RULES-1..3: a room rule refused the action.
  ROOM_RULE_SONG_TOO_LONG: { status: 403, message: 'This song is longer than the room allows' },
  ROOM_RULE_REPEAT: { status: 409, message: 'This song was played here too recently' },
  ROOM_RULE_PLAYTIME_CAP: {
    status: 409,
    message: "This song would pass the room's playtime limit for a DJ in an hour",
  },
  ROOM_RULE_BOOTH_LOCKED: {
    status: 403,
    message: 'The booth is locked: only listed people may take a seat',
  },
  // ROOM-RULES-8, -9, -7.
  ROOM_RULE_NOT_NEW: {
    status: 409,
    message: 'Only songs never played here before may be played in this room',
  },
  ROOM_RULE_BOOTH_FROZEN: {
    status: 403,
    message: 'The seat line is frozen: nobody new may take a seat right now',
  },
  ROOM_RULE_AFK_REMOVED: {
    status: 409,
    message: 'You were taken off the stage after too long without any action',
  },
  ROOM_EMOJI_REQUIRED: { status: 400, message: 'An emoji animation needs exactly one emoji' },
  ROOM_EMOJI_DISABLED: { status: 403, message: 'You cannot send emoji in this room right now' },
  ROOM_EMPTY: { status: 404, message: 'Nobody is in this room right now.' },
  ROOM_POSTER_NOT_FOUND: { status: 404, message: 'This room has no poster.' },
  ROOM_ROLE_OWNER_CHANGE: {
    status: 403,
    message: 'The owner role moves only with change-owner.',
  },
  ROOM_ROLE_COOWNER_OWNER_ONLY: {
    status: 403,
    message: 'Only the owner of this room can give or take the coOwner role.',
  },
  ROOM_ROLE_RANK: {
    status: 403,
    message: 'You cannot act on a user whose room role is equal to or higher than yours.',
  },
  ROOM_ROLE_NOT_HELD: { status: 404, message: 'This user does not have this role in this room.' },
  ROOM_ROLE_EXPIRATION_PAST: { status: 400, message: 'expirationTime: must be in the future' },

  // music-provider tokens and Agora (user service)
  SPOTIFY_NOT_CONFIGURED: { status: 400, message: 'Spotify is not configured on this server.' },
  SOUNDCLOUD_NOT_CONFIGURED: {
    status: 400,
    message: 'SoundCloud is not configured on this server.',
  },
  SOUNDCLOUD_MOBILE_NOT_CONFIGURED: {
    status: 400,
    message: 'SoundCloud for the mobile app is not configured on this server.',
  },
  YOUTUBE_NOT_CONFIGURED: {
    status: 400,
    message: 'YouTube sign-in is not configured on this server.',
  },
  AGORA_NOT_CONFIGURED: {
    status: 400,
    message: 'Live audio (Agora) is not configured on this server.',
  },
  SPOTIFY_NOT_CONNECTED: { status: 404, message: 'Spotify is not connected for this account.' },
  SOUNDCLOUD_NOT_CONNECTED: {
    status: 404,
    message: 'SoundCloud is not connected for this account.',
  },
  YOUTUBE_NOT_CONNECTED: { status: 404, message: 'YouTube is not connected for this account.' },
  APPLE_NOT_CONNECTED: { status: 404, message: 'Apple Music is not connected for this account.' },
  PROVIDER_CODE_REJECTED: {
    status: 400,
    message:
      'The music provider refused this authorization code (invalid, expired or already used); please connect again.',
  },
  PROVIDER_RECONNECT_NEEDED: {
    status: 403,
    message: 'The music provider no longer accepts this connection; please connect again.',
  },
  PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The music provider is not answering right now, please try again.',
  },
  PROVIDER_TOKEN_FORBIDDEN: {
    status: 403,
    message: 'You can only read your own music-provider tokens.',
  },

  // songs (later issues)
  TAGS_NOT_OWNED: {
    status: 403,
    message: 'Unauthorized to edit tags that not belongs to the user',
  },
  SONG_NOT_VERIFIED: { status: 403, message: 'Song is not verified' },
  SONG_UPLOAD_FORBIDDEN: {
    status: 403,
    message: 'Uploading music needs the uploadMusic capability.',
  },
  SONG_FILE_MISSING: { status: 400, message: 'Send one audio file.' },
  SONG_FILE_TYPE_UNSUPPORTED: {
    status: 415,
    message: 'Unsupported audio file type (send MP3, M4A/AAC, WAV, FLAC or Ogg).',
  },
  SONG_HLS_NOT_FOUND: { status: 404, message: 'This HLS file does not exist.' },
  /** SEC-HLS-KEY-1: no valid signed key URL for this caller. */
  HLS_KEY_FORBIDDEN: {
    status: 403,
    message:
      "This song's key is only for its listeners: load its playlist again while the song plays.",
  },
  /** SEC-HLS-KEY-3: the message names the limit. */
  HLS_PREVIEW_LIMIT: {
    status: 403,
    message: 'Guests may hear 3 songs: sign up or log in to keep listening.',
  },
  SONG_DELETE_FORBIDDEN: { status: 403, message: 'Unauthorized to delete this song.' },
  /** The message names the two statuses. */
  SONG_STATUS_CONFLICT: { status: 409, message: 'The song cannot move to this status.' },
  TRANSCODER_SNS_DISABLED: {
    status: 404,
    message: 'The transcoder callback is not configured on this server.',
  },
  TRANSCODER_SNS_TOKEN: { status: 403, message: 'Invalid transcoder token.' },
  TRANSCODER_SNS_CONFIRM_FAILED: {
    status: 502,
    message: 'Could not confirm the SNS subscription (SubscribeURL did not answer 2xx).',
  },
} as const satisfies Record<string, { status: number; message: string }>;
