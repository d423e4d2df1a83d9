import { z } from 'zod';
import { endpoint } from '../contract';
import { EmailStatus, EmailType, EmailVerificationStatus } from '../enums';
import { IdParam } from './dto';

const S = 'user' as const;

const address = z.string().trim().toLowerCase().email().max(320);
/** The six-digit code of the verification e-mail. */
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code of the e-mail');

/** One e-mail address of the caller's account. */
export const EmailDto = z.object({
  id: z.number().int(),
  email: z.string(),
  type: EmailType,
  status: EmailStatus,
  isPrimary: z.boolean(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type EmailDto = z.infer<typeof EmailDto>;

export const AddEmailReq = z.object({
  email: address,
  type: EmailType.default('personal'),
});
export type AddEmailReq = z.infer<typeof AddEmailReq>;

export const ResendVerificationReq = z.object({ email: address });
export type ResendVerificationReq = z.infer<typeof ResendVerificationReq>;

export const VerifyEmailReq = z.object({ email: address, code });
export type VerifyEmailReq = z.infer<typeof VerifyEmailReq>;

/**
 * Deprecated confirm-email body: `{ email, code }` (like verify), or `{ token }` where the
 * token is the code of the e-mail and the address is one of the bearer's pending addresses.
 */
export const ConfirmEmailReq = z
  .object({
    email: address.optional(),
    code: code.optional(),
    token: code.optional(),
  })
  .refine((b) => Boolean(b.token) || (Boolean(b.email) && Boolean(b.code)), {
    message: 'send { email, code } or { token }',
  });
export type ConfirmEmailReq = z.infer<typeof ConfirmEmailReq>;

export const EmailVerificationRes = z.object({
  status: EmailVerificationStatus,
  email: z.string(),
});
export type EmailVerificationRes = z.infer<typeof EmailVerificationRes>;

export const emailEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/users/emails',
    auth: 'user',
    summary: "The caller's e-mail addresses (deleted ones left out)",
    response: z.array(EmailDto),
  }),
  add: endpoint({
    service: S,
    method: 'POST',
    path: '/users/emails',
    auth: 'user',
    summary: 'Add an address (pending verification) and mail it a verification code',
    body: AddEmailReq,
    response: EmailDto,
    status: 201,
    rateLimitPerMinute: 20,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/users/emails/{id}',
    auth: 'user',
    summary:
      'Delete one of your addresses (status DELETED); the last verified login address cannot be deleted',
    params: IdParam,
    response: EmailDto,
  }),
  resendVerification: endpoint({
    service: S,
    method: 'POST',
    path: '/users/emails/verification-email',
    auth: 'user',
    summary:
      'Mail a new verification code to one of your pending addresses (at most once per EMAIL_VERIFICATION_MIN_INTERVAL)',
    body: ResendVerificationReq,
    response: z.object({ success: z.boolean() }),
    rateLimitPerMinute: 20,
  }),
  resendPublic: endpoint({
    service: S,
    method: 'POST',
    path: '/users/emails/resend-code',
    auth: 'public',
    summary:
      'Signed out (login refused: address not verified): mails a new code if the address is pending here; always answers success so nobody learns which addresses exist',
    body: ResendVerificationReq,
    response: z.object({ success: z.boolean() }),
    rateLimitPerMinute: 5,
  }),
  verify: endpoint({
    service: S,
    method: 'POST',
    path: '/users/emails/verify',
    auth: 'public',
    summary: 'Verify an address with the code of its e-mail (no token needed: the code proves it)',
    body: VerifyEmailReq,
    response: EmailVerificationRes,
    rateLimitPerMinute: 30,
  }),
  confirm: endpoint({
    service: S,
    method: 'POST',
    path: '/users/confirm-email',
    auth: 'public',
    summary:
      'Deprecated: use POST /users/emails/verify. Body { email, code } or { token } (bearer)',
    body: ConfirmEmailReq,
    response: EmailVerificationRes,
    deprecated: true,
    rateLimitPerMinute: 30,
  }),
};
