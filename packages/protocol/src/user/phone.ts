import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { PhoneValidationStatus } from '../enums';
import { LimitOffsetQuery } from '../qb';
import { AccessTokenRes } from './dto';

const S = 'user' as const;

/** A phone number as typed: international (+44 7400 123456) or national with `country`. */
const PhoneInput = z.string().trim().min(1, 'must not be empty').max(40);
/** ISO 3166-1 alpha-2 country used to read a national number (e.g. GB, US). */
const CountryInput = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US or GB');
/** Login codes are six digits (also the fixed codes of whitelisted numbers). */
const SixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be six digits');
const NumericId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** libphonenumber-js line types (`getType()`). */
export const PHONE_LINE_TYPES = [
  'MOBILE',
  'FIXED_LINE_OR_MOBILE',
  'FIXED_LINE',
  'VOIP',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
] as const;
export type PhoneLineType = (typeof PHONE_LINE_TYPES)[number];

/** GET /phone-validation/validate/{phone} */
export const PhoneValidationDto = z.object({
  /** E.164 when the number could be read, otherwise the input as given. */
  phoneNumber: z.string(),
  status: PhoneValidationStatus,
  lineType: z.string().nullable(),
  country: z.string().nullable(),
});
export type PhoneValidationDto = z.infer<typeof PhoneValidationDto>;

/** One recorded validation (GET /phone-validation/recents). */
export const PhoneValidationRecordDto = PhoneValidationDto.extend({
  id: z.number().int(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PhoneValidationRecordDto = z.infer<typeof PhoneValidationRecordDto>;

export const PhoneFraudConstantsDto = z.object({
  allowedLineTypes: z.array(z.string()),
  blockedLineTypes: z.array(z.string()),
  codeTtlSeconds: z.number().int(),
  maxAttempts: z.number().int(),
  resendIntervalSeconds: z.number().int(),
});
export type PhoneFraudConstantsDto = z.infer<typeof PhoneFraudConstantsDto>;

export const SendPhoneCodeReq = z.object({
  phoneNumber: PhoneInput,
  country: CountryInput.optional(),
});
export const SendPhoneCodeRes = z.object({
  success: z.boolean(),
  expiresInSeconds: z.number().int(),
});
export const VerifyPhoneCodeReq = z.object({
  phoneNumber: PhoneInput,
  code: SixDigits,
  country: CountryInput.optional(),
});
export const VerifyPhoneCodeRes = AccessTokenRes.extend({ isNewUser: z.boolean() });

/** A number of the phone whitelist (PHONE-WHITELIST-1). */
export const PhoneWhitelistEntryDto = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  note: z.string(),
  /** Login code that is accepted without an SMS (store reviewers); null sends a real SMS. */
  fixedCode: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PhoneWhitelistEntryDto = z.infer<typeof PhoneWhitelistEntryDto>;

export const AddPhoneWhitelistReq = z.object({
  phoneNumber: PhoneInput,
  country: CountryInput.optional(),
  note: z.string().trim().max(200).optional(),
  fixedCode: SixDigits.optional(),
});

export const PhoneWhitelistListQuery = LimitOffsetQuery.extend({
  /** Part of the number (digits) or of the note, any case. */
  search: z.string().trim().max(100).optional(),
});
export const PhoneWhitelistPage = z.object({
  data: z.array(PhoneWhitelistEntryDto),
  count: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

export const phoneEndpoints = {
  validate: endpoint({
    service: S,
    method: 'GET',
    path: '/phone-validation/validate/{phone}',
    auth: 'authenticated',
    summary: 'Classifies a phone number: VALID (mobile), VOIP, INVALID or VALIDATION_ERROR',
    params: z.object({ phone: PhoneInput }),
    query: z.object({ country: CountryInput.optional() }),
    response: PhoneValidationDto,
    rateLimitPerMinute: 30,
  }),
  recents: endpoint({
    service: S,
    method: 'GET',
    path: '/phone-validation/recents',
    auth: 'phone.review',
    summary: 'Recent phone validations, newest first',
    query: LimitOffsetQuery,
    response: z.object({ data: z.array(PhoneValidationRecordDto), total: z.number().int() }),
  }),
  clearRecents: endpoint({
    service: S,
    method: 'DELETE',
    path: '/phone-validation/recents',
    auth: 'phone.review',
    summary: 'Forgets every recorded phone validation',
    response: z.object({ deleted: z.number().int() }),
  }),
  fraudConstants: endpoint({
    service: S,
    method: 'GET',
    path: '/phone-validation/fraudConstants',
    auth: 'phone.review',
    summary: 'The limits and line-type rules phone login applies',
    response: PhoneFraudConstantsDto,
  }),
  sendCode: endpoint({
    service: S,
    method: 'POST',
    path: '/mobile-auth/send-code',
    auth: 'public',
    summary: 'Texts a six-digit login code to a real, non-VoIP mobile number',
    body: SendPhoneCodeReq,
    response: SendPhoneCodeRes,
    missingFieldsMessage: 'Phone number is missing in request.',
    rateLimitPerMinute: 10,
  }),
  verifyCode: endpoint({
    service: S,
    method: 'POST',
    path: '/mobile-auth/verify-code',
    auth: 'public',
    summary: 'Exchanges a texted code for an access token; creates the account on first login',
    body: VerifyPhoneCodeReq,
    response: VerifyPhoneCodeRes,
    missingFieldsMessage: 'Phone number or code is missing in request.',
    rateLimitPerMinute: 30,
  }),
  addWhitelist: endpoint({
    service: S,
    method: 'POST',
    path: '/mobile-auth/whitelist',
    auth: 'admin.phone',
    summary: 'Lets a number log in by phone even when validation would refuse it',
    body: AddPhoneWhitelistReq,
    response: PhoneWhitelistEntryDto,
    status: 201,
    missingFieldsMessage: 'Phone number is missing in request.',
  }),
  removeWhitelist: endpoint({
    service: S,
    method: 'DELETE',
    path: '/mobile-auth/whitelist/{id}',
    auth: 'admin.phone',
    summary: 'Takes a number off the phone whitelist',
    params: NumericId,
    response: OkResponse,
  }),
  adminList: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/phoneNumbers',
    auth: 'admin.phone',
    summary: 'The phone whitelist, newest first (limit/offset, search)',
    query: PhoneWhitelistListQuery,
    response: PhoneWhitelistPage,
  }),
  adminGet: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/phoneNumbers/{id}',
    auth: 'admin.phone',
    summary: 'One number of the phone whitelist',
    params: NumericId,
    response: PhoneWhitelistEntryDto,
  }),
  adminCreate: endpoint({
    service: S,
    method: 'POST',
    path: '/admin/phoneNumbers',
    auth: 'admin.phone',
    summary: 'Adds a number to the phone whitelist',
    body: AddPhoneWhitelistReq,
    response: PhoneWhitelistEntryDto,
    status: 201,
    missingFieldsMessage: 'Phone number is missing in request.',
  }),
  adminDelete: endpoint({
    service: S,
    method: 'DELETE',
    path: '/admin/phoneNumbers/{id}',
    auth: 'admin.phone',
    summary: 'Removes a number from the phone whitelist',
    params: NumericId,
    response: OkResponse,
  }),
};
