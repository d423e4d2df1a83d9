/** The platform's generic errors and those of accounts, sign-in, e-mail, profiles and moderation. Part of `ERRORS` (errors.ts). */
export const ACCOUNT_ERRORS = {
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
} as const satisfies Record<string, { status: number; message: string }>;
