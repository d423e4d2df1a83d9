/** The errors of search, crates, chat, trust, friends, notifications and live audio. Part of `ERRORS` (errors.ts). */
export const SOCIAL_ERRORS = {
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
