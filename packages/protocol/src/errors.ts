import { z } from 'zod';

/** The body of every error response. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Status text of the error field: the default text of each HTTP status. */
export function statusText(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 409:
      return 'Conflict';
    case 413:
      return 'Payload Too Large';
    case 415:
      return 'Unsupported Media Type';
    case 422:
      return 'Unprocessable Entity';
    case 429:
      return 'Too Many Requests';
    case 500:
      return 'Internal Server Error';
    case 502:
      return 'Bad Gateway';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Generic Error';
  }
}

/**
 * Every error the platform answers with: a stable code, its status and its message.
 * Messages are part of the contract and kept word for word: clients show them as they are.
 */
export const ERRORS = {
  // generic
  BAD_REQUEST: { status: 400, message: 'Bad Request' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  TOKEN_MISSING: { status: 401, message: 'Missing bearer token' },
  TOKEN_INVALID: { status: 401, message: 'Invalid or expired token' },
  SESSION_REVOKED: { status: 401, message: 'Your session has ended, please log in again' },
  FORBIDDEN_ROLE: { status: 403, message: 'You do not have the role this action needs' },
  GUEST_NOT_ALLOWED: { status: 403, message: 'Guests cannot perform this action, please log in' },
  USER_ACTION_UNAUTHORIZED: { status: 401, message: 'Unauthorized to perform action' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  LOGIN_THROTTLED: {
    status: 429,
    message: 'Too many login attempts, please wait a few minutes and try again',
  },
  INTERNAL: { status: 500, message: 'Something went wrong, please try again' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service Unavailable' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'File is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported file type' },

  // accounts
  EMAIL_OR_PASSWORD_MISSING: { status: 400, message: 'Email or password is missing in request.' },
  VOUCHER_SIGNUP_MISSING: {
    status: 400,
    message: 'Email, password, or voucher code is missing in request.',
  },
  EMAIL_ALREADY_REGISTERED: { status: 403, message: 'This email is already registered.' },
  EMAIL_VERIFICATION_FAILED: { status: 403, message: 'Email verification failed, incorrect code.' },
  EMAIL_ALREADY_VERIFIED: { status: 403, message: 'This email is verified' },
  EMAIL_RESEND_TOO_SOON: {
    status: 403,
    message: 'The minimum time has not yet elapsed since the last e-mail was sent.',
  },
  EMAIL_NOT_FOUND: { status: 404, message: 'Email not found.' },
  PASSWORD_SAME_AS_PREVIOUS: {
    status: 400,
    message: 'New password must be different from your previous password.',
  },
  EMAIL_NOT_VERIFIED: { status: 401, message: 'Email address is not verified' },
  INCORRECT_CREDENTIALS: { status: 401, message: 'Incorrect email or password' },
  CANNOT_RESET_PASSWORD: { status: 403, message: 'Can not reset password.' },
  USER_PROFILE_NOT_FOUND: { status: 404, message: 'User profile not found.' },
  ROLE_ALREADY_HELD: { status: 403, message: 'This user has already this role.' },
  ROLE_NOT_HELD: { status: 409, message: 'This user does not have this role.' },
  IMAGE_DELETE_FORBIDDEN: { status: 403, message: 'Unauthorized to delete' },
  ACCOUNT_BANNED: { status: 403, message: 'This account is banned' },
  ACCOUNT_DEACTIVATED: { status: 403, message: 'This account is deactivated' },
  INVALID_PHONE: {
    status: 400,
    message: 'Only real, non-VoIP mobile numbers are allowed.',
  },
  // phone login and whitelist
  PHONE_NOT_A_NUMBER: {
    status: 400,
    message: 'This is not a phone number; include the country code, e.g. +44 7400 123456.',
  },
  PHONE_CODE_RESEND_TOO_SOON: {
    status: 429,
    message: 'A code was sent to this number less than 30 seconds ago, please wait and try again.',
  },
  PHONE_CODE_NOT_FOUND: {
    status: 403,
    message: 'No login code is pending for this number, please request a new one.',
  },
  PHONE_CODE_EXPIRED: { status: 403, message: 'This code has expired, please request a new one.' },
  PHONE_CODE_INCORRECT: { status: 403, message: 'Incorrect code, please try again.' },
  PHONE_CODE_TOO_MANY_ATTEMPTS: {
    status: 403,
    message: 'Too many incorrect codes, please request a new one.',
  },
  SMS_SEND_FAILED: {
    status: 503,
    message: 'Could not send the text message, please try again.',
  },
  PHONE_ALREADY_WHITELISTED: {
    status: 409,
    message: 'This phone number is already on the whitelist.',
  },
  PHONE_WHITELIST_NOT_FOUND: { status: 404, message: 'Phone number not found on the whitelist.' },

  // e-mails, magic links, bots
  EMAIL_LAST_LOGIN_ADDRESS: {
    status: 403,
    message:
      'You cannot delete your only verified e-mail address; add and verify another one first.',
  },
  MAGIC_LINK_INVALID: { status: 401, message: 'This magic link is invalid or has expired' },
  /** Codes, reset tokens, magic links and vouchers after too many wrong ones (right ones too). */
  CODE_ATTEMPTS_LOCKED: {
    status: 429,
    message: 'Too many incorrect codes, checking is paused; please try again later.',
  },
  /** An account whose e-mail address is not verified yet (see docs/SECURITY.md). */
  EMAIL_NOT_VERIFIED_ACTION: { status: 403, message: 'Verify your e-mail address to do this.' },
  BOT_TOKEN_FORBIDDEN: {
    status: 403,
    message: 'Only the bot itself or its owner can get its token',
  },
  BOT_CANNOT_OWN_BOT: { status: 403, message: 'A bot cannot create other bots' },
  BOT_LIMIT_REACHED: { status: 403, message: 'You already own the maximum number of bots' },

  // profiles and images
  IMAGE_NOT_FOUND: { status: 404, message: 'Image not found.' },
  IMAGE_FILE_MISSING: { status: 400, message: 'An image file is required' },
  IMAGE_KIND_INVALID: { status: 400, message: 'kind must be profilePicture or coverPicture' },
  IMAGE_TYPE_UNSUPPORTED: {
    status: 415,
    message: 'Only PNG, JPEG, WebP and GIF images are allowed',
  },
  /** SEC-IMAGE-1: the message names the limits. */
  IMAGE_DIMENSIONS_TOO_LARGE: {
    status: 400,
    message: 'The image is too large (at most 8192 pixels a side and 25 megapixels).',
  },
  IMAGE_UNREADABLE: { status: 400, message: 'The image cannot be read: the file is damaged.' },
  USER_DATA_TOO_LARGE: { status: 400, message: 'User data is too large (at most 16 KB)' },
  INVALID_SOCIAL_HANDLE: { status: 400, message: 'Invalid social network handle' },

  // moderation, deactivation, vouchers, admin lists
  MODERATION_SELF: { status: 403, message: 'You cannot perform this action on your own account.' },
  MODERATION_RANK: {
    status: 403,
    message: 'You cannot act on an account whose role is equal to or higher than yours.',
  },
  ROLE_GRANT_FORBIDDEN: { status: 403, message: 'You are not allowed to grant this role.' },
  TEMP_BAN_DURATION_MISSING: {
    status: 400,
    message: 'A temporary ban needs exactly one of durationMinutes or until.',
  },
  DEACTIVATION_ALREADY_REQUESTED: {
    status: 403,
    message: 'A deactivation request is already open for this account.',
  },
  DEACTIVATION_REQUEST_NOT_FOUND: {
    status: 404,
    message: 'This account has no open deactivation request.',
  },
  DEACTIVATE_FORBIDDEN: { status: 403, message: 'You can only deactivate your own account.' },
  ACCOUNT_ALREADY_DEACTIVATED: { status: 409, message: 'This account is already deactivated.' },
  ACCOUNT_NOT_DEACTIVATED: { status: 409, message: 'This account is not deactivated.' },
  VOUCHER_NOT_FOUND: { status: 404, message: 'Voucher not found.' },
  VOUCHER_INVALID: { status: 403, message: 'This voucher code is not valid.' },
  VOUCHER_ALREADY_REDEEMED: { status: 403, message: 'This voucher has already been redeemed.' },
  VOUCHER_REVOKED: { status: 403, message: 'This voucher has been revoked.' },
  QB_INVALID: { status: 400, message: 'Invalid query-builder parameters.' },

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

  // playlist service: search, song data, track import
  SEARCH_V2_DISABLED: { status: 404, message: 'Search v2 is not enabled on this server.' },
  SONG_LINK_UNSUPPORTED: {
    status: 400,
    message:
      'This is not a song link of a supported music provider (Spotify, Apple Music, SoundCloud, YouTube, Audius, 7digital, Deezer, Napster or TIDAL).',
  },
  MUSIC_PROVIDER_NOT_CONFIGURED: {
    status: 400,
    message: 'This music provider is not available on this server.',
  },
  PROVIDER_SONG_NOT_FOUND: {
    status: 404,
    message: 'This song was not found at the music provider.',
  },
  MUSIC_PROVIDER_FAILED: {
    status: 502,
    message: 'The music provider did not answer, please try again.',
  },
  TRACK_IMPORT_NO_PROVIDER: {
    status: 400,
    message: 'Sorry, this song does not have any supported music providers to import from.',
  },
  TRACK_NOT_IMPORTABLE: {
    status: 404,
    message: "Sorry, this song is not in our catalog and can't be imported.",
  },
  CATALOGUE_UNAVAILABLE: {
    status: 503,
    message: 'The song catalogue is not running on this server.',
  },
  // albums and artists
  ALBUM_NOT_FOUND: { status: 404, message: 'Album not found.' },
  ARTIST_NOT_FOUND: { status: 404, message: 'Artist not found.' },
  // crates (issue 5)
  CRATE_NOT_FOUND: { status: 404, message: 'Crate not found.' },
  CRATE_SONG_NOT_FOUND: { status: 404, message: 'This song is not in the crate.' },
  CRATE_NOT_OWNED: {
    status: 403,
    message: 'Unauthorized to edit a crate that not belongs to the user.',
  },
  CRATE_QUEUE_PRIVATE: { status: 403, message: "Unauthorized to view another user's queue." },
  CRATE_SPECIAL_LOCKED: {
    status: 403,
    message: 'The queue and the starred list cannot be deleted or renamed.',
  },
  CRATE_FULL: { status: 400, message: 'A crate holds at most 20000 songs.' },
  CRATE_SONG_UNKNOWN: { status: 404, message: 'Song not found.' },
  // crate imports (issue 5)
  CRATE_IMPORT_LINK_UNSUPPORTED: {
    status: 400,
    message: 'This is not a playlist link of a supported music provider.',
  },
  CRATE_EXPORT_EMPTY: {
    status: 400,
    message: 'None of the songs of this crate are at this music provider.',
  },
  CRATE_EXPORT_UNAVAILABLE: {
    status: 503,
    message: 'Exports to music providers are not available on this server.',
  },
  // chat (issue 10; docs/CHAT-RULES.md)
  CHAT_TOKEN_MISSING: { status: 401, message: 'Missing chat token (authtoken header).' },
  CHAT_TOKEN_INVALID: { status: 401, message: 'Invalid or expired chat token.' },
  CHAT_APIKEY_INVALID: { status: 401, message: 'Invalid API key.' },
  CHAT_ON_BEHALF_MISSING: {
    status: 400,
    message: 'An API key call needs the onBehalfOf header naming the user.',
  },
  CHAT_READ_ONLY: {
    status: 403,
    message: 'Guests can read the chat but not write in it, please log in.',
  },
  CHAT_USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  CHAT_MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found.' },
  CHAT_OFF: { status: 403, message: 'This room has no chat.' },
  CHAT_NOT_JOINED: { status: 403, message: "Join this room's chat first." },
  CHAT_MUTED: { status: 403, message: "You are muted in this room's chat." },
  CHAT_BLOCKED: { status: 403, message: 'You cannot message this user.' },
  CHAT_SELF_MESSAGE: { status: 400, message: 'You cannot message yourself.' },
  CHAT_INVALID_MESSAGE: { status: 400, message: 'This message is not valid.' },
  CHAT_TOO_LONG: { status: 400, message: 'This message is too long.' },
  CHAT_RECALL_FORBIDDEN: {
    status: 403,
    message: 'Only your own text messages can be recalled, within 20 seconds of sending.',
  },
  CHAT_EDIT_FORBIDDEN: {
    status: 403,
    message: 'Only your own text messages can be edited, within 15 minutes of sending.',
  },
  // TRUST-4..6: what a new account may not do yet (the message names how far they are)
  TRUST_LINKS_NOT_YET: {
    status: 403,
    message: 'New accounts cannot post links or images yet.',
  },
  TRUST_DM_NOT_YET: {
    status: 403,
    message: 'New accounts can only message people who follow them.',
  },
  TRUST_SEAT_NOT_YET: {
    status: 403,
    message: 'New accounts cannot take a DJ seat in a busy room yet.',
  },
  CHAT_ROOM_MESSAGE_FORBIDDEN: {
    status: 403,
    message: "Only the room's moderators can post room messages.",
  },
  CHAT_REACTIONS_FULL: {
    status: 400,
    message: 'You already gave this message the most reactions one person can.',
  },
  CHAT_MEMBERS_SELF_ONLY: { status: 403, message: "You can only add yourself to a room's chat." },
  CHAT_RATE_LIMITED: {
    status: 429,
    message: 'You are sending messages too fast, please wait a moment.',
  },
  // friends, invitations and blocks (notification service)
  SOCIAL_SELF: { status: 400, message: 'You cannot do this with yourself.' },
  SOCIAL_USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  SOCIAL_BLOCKED: { status: 403, message: 'You cannot invite this user.' },
  FRIEND_ALREADY: { status: 409, message: 'You are already friends.' },
  FRIEND_INVITATION_EXISTS: { status: 409, message: 'You already invited this user.' },
  FRIEND_INVITATION_NOT_FOUND: { status: 404, message: 'Invitation not found.' },
  FRIEND_INVITATION_HANDLED: { status: 409, message: 'This invitation was already answered.' },
  FRIEND_INVITATION_NOT_YOURS: {
    status: 403,
    message: 'Only the person invited can answer this invitation.',
  },
  FRIEND_NOT_FOUND: { status: 404, message: 'You are not friends with this user.' },
  SOCIAL_OTHER_USER: { status: 403, message: "You cannot see another user's invitations." },
  BLOCK_EXISTS: { status: 409, message: 'You already blocked this user.' },
  BLOCK_NOT_FOUND: { status: 404, message: 'You have not blocked this user.' },
  DJ_FAN_EXISTS: { status: 409, message: 'You already follow this DJ.' },
  DJ_FAN_NOT_FOUND: { status: 404, message: 'You do not follow this DJ.' },
  DJ_FAN_BLOCKED: { status: 403, message: 'You cannot follow this DJ.' },
  // devices, sending, address book, web push (notification and social services)
  DEVICE_NOT_FOUND: { status: 404, message: 'Device not found.' },
  NOTIFY_OTHER_USER: { status: 403, message: "You cannot see or change another user's devices." },
  NOTIFY_ROOM_FORBIDDEN: {
    status: 403,
    message: "Only the room's owner and moderators can message its regulars.",
  },
  NOTIFY_TOO_SOON: {
    status: 429,
    message: "This room's regulars were messaged recently, please wait a while.",
  },
  NOTIFY_ROOM_NOT_FOUND: { status: 404, message: 'Room not found.' },
  CONTACT_INVALID: { status: 400, message: 'Not a valid e-mail address or phone number.' },
  CONTACT_BOOK_FULL: {
    status: 400,
    message: 'Your address book is full; delete it and upload again.',
  },
  PUSH_ENDPOINT_REFUSED: {
    status: 400,
    message: 'Push subscriptions must use an https address of a public push service.',
  },
  PUSH_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Push subscription not found.' },
  ACCESS_REQUEST_PENDING: {
    status: 409,
    message: 'Your request is with the moderators already.',
  },
  ACCESS_ALREADY_GRANTED: { status: 409, message: 'You can upload music already.' },
  ACCESS_REQUEST_NOT_FOUND: { status: 404, message: 'Request not found.' },
  ACCESS_REQUEST_HANDLED: { status: 409, message: 'This request was already answered.' },
  GIF_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'GIF search is not answering right now, please try again.',
  },
  PAYMENTS_NOT_CONFIGURED: {
    status: 400,
    message: 'Payments are not configured on this server.',
  },
  PAYMENT_PRODUCT_NOT_FOUND: { status: 404, message: 'This plan does not exist.' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider is not answering right now, please try again.',
  },
  NO_BILLING_ACCOUNT: {
    status: 404,
    message: 'You have no billing account yet: subscribe to a plan first.',
  },
  ALREADY_SUBSCRIBED: { status: 409, message: 'You already have a subscription.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  ANALYSIS_WEBHOOK_NOT_CONFIGURED: {
    status: 400,
    message: 'The music-analysis webhook is not configured on this server.',
  },
  AVATAR_NOT_FOUND: { status: 404, message: 'Avatar not found.' },
  AVATAR_SLUG_TAKEN: { status: 409, message: 'An avatar with this slug exists already.' },
  AVATAR_LOCKED: { status: 403, message: 'You cannot wear this avatar yet.' },
  AVATAR_NOT_ASSIGNED: { status: 404, message: 'This person does not hold this avatar.' },
  AVATAR_ALREADY_ASSIGNED: { status: 409, message: 'This person holds this avatar already.' },
  AVATAR_PUBLIC: {
    status: 400,
    message: 'Everyone may wear a public avatar: there is nothing to give.',
  },
  CUSTOM_FIELD_NOT_FOUND: { status: 404, message: 'This avatar has no such field.' },
  SEASON_NOT_FOUND: { status: 404, message: 'Season not found.' },
  SEASON_OVERLAP: { status: 409, message: 'Seasons may not overlap.' },
  SEASON_ENDED: { status: 409, message: 'This season has ended; its ranks are final.' },
  SEASON_STARTED: { status: 409, message: 'This season has started; it can no longer be removed.' },
  SEASON_NOT_ENDED: { status: 409, message: 'This season has not ended yet.' },
  NO_CURRENT_SEASON: { status: 409, message: 'No season is running now.' },
  POINTS_USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  COMMUNITY_NOT_FOUND: { status: 404, message: 'Community not found.' },
  COMMUNITY_SLUG_TAKEN: { status: 409, message: 'A community with this address exists already.' },
  COMMUNITY_LIMIT: {
    status: 409,
    message: 'You own as many communities as anyone may (5): end one first.',
  },
  COMMUNITY_MANAGE_FORBIDDEN: {
    status: 403,
    message: 'Only the owner and moderators of this community can do this.',
  },
  COMMUNITY_OWNER_ONLY: {
    status: 403,
    message: 'Only the owner of this community or an admin can do this.',
  },
  COMMUNITY_PRIVATE: {
    status: 403,
    message: 'This community is invite-only: its owner or moderators add members.',
  },
  COMMUNITY_ALREADY_MEMBER: { status: 409, message: 'You are a member of this community already.' },
  COMMUNITY_NOT_MEMBER: { status: 404, message: 'This person is not a member of this community.' },
  COMMUNITY_OWNER_LEAVES: {
    status: 409,
    message: 'The owner cannot leave: hand the community to someone else first.',
  },
  COMMUNITY_ROOM_FORBIDDEN: {
    status: 403,
    message: 'Only the owner and co-owners of a room can put it in a community.',
  },
  COMMUNITY_ROOM_LIMIT: {
    status: 409,
    message: 'A room belongs to at most 5 communities, and a community holds at most 100 rooms.',
  },
  COMMUNITY_ROOM_NOT_IN: { status: 404, message: 'This room is not in this community.' },
  EVENT_NOT_FOUND: { status: 404, message: 'Event not found.' },
  DISCORD_NOT_CONFIGURED: {
    status: 400,
    message: 'Signing in with Discord is not configured on this server.',
  },
  DISCORD_TOKEN_REJECTED: {
    status: 401,
    message: 'Discord did not accept this sign-in; please try again.',
  },
  DISCORD_CODE_REJECTED: {
    status: 400,
    message: 'Discord refused this authorization code (invalid, expired or already used).',
  },
  DISCORD_UNAVAILABLE: {
    status: 502,
    message: 'Discord is not answering right now, please try again.',
  },
  DISCORD_ALREADY_LINKED: {
    status: 409,
    message: 'This Discord account is linked to another account.',
  },
  DISCORD_EMAIL_TAKEN: {
    status: 409,
    message:
      'An account with the e-mail of this Discord account exists: log in to it and link Discord from your account settings.',
  },
  DISCORD_NOT_LINKED: { status: 404, message: 'No Discord account is linked to yours.' },
  DISCORD_LAST_LOGIN: {
    status: 409,
    message: 'Discord is the only way into this account: set a password first, then unlink it.',
  },
  MODERATION_ACTION_NOT_FOUND: { status: 404, message: 'Moderation log entry not found.' },
  ANALYTICS_EVENT_NOT_FOUND: { status: 404, message: 'No event of this topic has been recorded.' },
  EVENT_SLUG_TAKEN: { status: 409, message: 'An event with this address exists already.' },
  EVENT_FORBIDDEN: {
    status: 403,
    message: "Only the event's host, the room's owner, co-owners and moderators can do this.",
  },
  EVENT_TIME_INVALID: {
    status: 400,
    message:
      'An event ends after it starts, lasts 15 minutes to 24 hours, and starts within a year.',
  },
  EVENT_IN_PAST: { status: 400, message: 'An event cannot start in the past.' },
  EVENT_OVERLAP: { status: 409, message: 'Another event is scheduled in this room at that time.' },
  EVENT_ENDED: { status: 409, message: 'This event has ended.' },
  EVENT_ROOM_NOT_IN_COMMUNITY: {
    status: 400,
    message: 'The room is not part of this community.',
  },
  // live audio in a room (LIVE-AUDIO-*)
  LIVE_AUDIO_OFF: { status: 409, message: 'Live audio is off in this room.' },
  LIVE_AUDIO_NOT_JOINED: { status: 409, message: 'Join the room’s live audio first.' },
  LIVE_AUDIO_SPEAK_FORBIDDEN: {
    status: 403,
    message: 'Only the DJs on stage, the room’s hosts and invited listeners can talk.',
  },
  LIVE_AUDIO_NOT_SPEAKING: { status: 409, message: 'You are not on the mic.' },
  LIVE_AUDIO_INVITE_FORBIDDEN: {
    status: 403,
    message: 'Only the room’s owner and co-owners can let a listener talk.',
  },
  LIVE_AUDIO_CUT_FORBIDDEN: {
    status: 403,
    message: 'Only the room’s moderators can cut someone’s audio.',
  },
  LIVE_AUDIO_CUT: {
    status: 403,
    message: 'A moderator cut your audio: you can talk again in a few minutes.',
  },
  LIVE_AUDIO_BAD_FRAME: { status: 400, message: 'That live-audio message is not valid.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The text a user sees for a failed call: the first message of the body with its first letter
 * capitalised, or a generic apology for a 5xx or a body without a message.
 */
export function displayErrorText(status: number, body: unknown): string {
  const fallback = 'Something went wrong, please try again';
  if (status >= 500 || !body || typeof body !== 'object') return fallback;
  const raw = (body as { message?: unknown }).message;
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (typeof first !== 'string' || first.length === 0) return fallback;
  return first.charAt(0).toUpperCase() + first.slice(1);
}
