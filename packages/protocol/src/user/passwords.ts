import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { AccessTokenRes } from './dto';

const S = 'user' as const;

/** Rules for a new password (the same as sign-up). */
const NewPassword = z
  .string()
  .min(8, 'password must be at least 8 characters')
  .max(200, 'password must be at most 200 characters');

export const ChangePasswordReq = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: NewPassword,
});
export type ChangePasswordReq = z.infer<typeof ChangePasswordReq>;

export const ForgotPasswordReq = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
});
export type ForgotPasswordReq = z.infer<typeof ForgotPasswordReq>;

export const ResetPasswordReq = z.object({
  token: z.string().trim().min(1).max(200),
  newPassword: NewPassword,
});
export type ResetPasswordReq = z.infer<typeof ResetPasswordReq>;

export const SetPasswordReq = z.object({ newPassword: NewPassword });
export type SetPasswordReq = z.infer<typeof SetPasswordReq>;

export const passwordEndpoints = {
  change: endpoint({
    service: S,
    method: 'POST',
    path: '/users/change-password',
    auth: 'user',
    summary:
      'Change your password; ends your other sessions and answers a fresh token for this one',
    body: ChangePasswordReq,
    response: AccessTokenRes,
    rateLimitPerMinute: 10,
  }),
  forgot: endpoint({
    service: S,
    method: 'POST',
    path: '/users/forgot-password',
    auth: 'public',
    summary:
      'Mail a password-reset link to the address if it is registered (always answers success)',
    body: ForgotPasswordReq,
    response: OkResponse,
    rateLimitPerMinute: 10,
  }),
  reset: endpoint({
    service: S,
    method: 'POST',
    path: '/users/reset-password',
    auth: 'public',
    summary:
      'Set a new password with the token of the reset e-mail (single use); answers a fresh token',
    body: ResetPasswordReq,
    response: AccessTokenRes,
    rateLimitPerMinute: 20,
  }),
  set: endpoint({
    service: S,
    method: 'POST',
    path: '/users/set-password',
    auth: 'user',
    summary: 'Give a password to an account that has none (e.g. a phone account)',
    body: SetPasswordReq,
    response: OkResponse,
    rateLimitPerMinute: 10,
  }),
};
