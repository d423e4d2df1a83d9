import { useMutation } from '@tanstack/react-query';
import {
  authEndpoints,
  emailEndpoints,
  magicLinkEndpoints,
  passwordEndpoints,
  phoneEndpoints,
  voucherEndpoints,
  type EndpointInput,
} from '@tt/protocol';
import { ownProfileKey } from '../../entities/user/queries';
import { sendOnboardingStep } from '../../lib/analytics/appEvents';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

type SignUpBody = EndpointInput<typeof authEndpoints.signUp>['body'];

/** E-mail and password: answers the access token (EMAIL_NOT_VERIFIED for an unverified address). */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api.call(authEndpoints.login, { body }),
  });
}

/** A new account; with a voucher code, through the invitation (VOUCHER-1). */
export function useSignUpMutation() {
  return useMutation({
    mutationFn: ({ body, voucherCode }: { body: SignUpBody; voucherCode?: string }) =>
      voucherCode === undefined
        ? api.call(authEndpoints.signUp, { body })
        : api.call(voucherEndpoints.voucherSignUp, { body: { ...body, voucherCode } }),
    onSuccess: () => sendOnboardingStep('signUp'), // ANALYTICS-WEB-1
  });
}

/** Texts a login code to a phone number. */
export function useSendPhoneCodeMutation() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      api.call(phoneEndpoints.sendCode, { body: { phoneNumber } }),
  });
}

/** The texted code: answers the access token. */
export function useVerifyPhoneCodeMutation() {
  return useMutation({
    mutationFn: (body: { phoneNumber: string; code: string }) =>
      api.call(phoneEndpoints.verifyCode, { body }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => api.call(passwordEndpoints.forgot, { body: { email } }),
  });
}

/** The reset e-mail's token and a new password: answers the access token. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api.call(passwordEndpoints.reset, { body }),
  });
}

/** The verification e-mail's code; my profile is read again (it is verified now). */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.call(emailEndpoints.verify, { body }),
    onSuccess: () => {
      sendOnboardingStep('emailVerified'); // ANALYTICS-WEB-1
      void queryClient.invalidateQueries({ queryKey: ownProfileKey });
    },
  });
}

/** Sends the verification e-mail again (signed in). */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (email: string) => api.call(emailEndpoints.resendVerification, { body: { email } }),
  });
}

/** Sends the verification e-mail again from the login form (signed out, VERIFY-LOGIN-1). */
export function useResendPublicMutation() {
  return useMutation({
    mutationFn: (email: string) => api.call(emailEndpoints.resendPublic, { body: { email } }),
  });
}

/** Exchanges a magic link's single-use token for a session. */
export function useMagicLinkMutation() {
  return useMutation({
    mutationFn: (shortLivedToken: string) =>
      api.call(magicLinkEndpoints.validate, { body: { shortLivedToken } }),
  });
}
