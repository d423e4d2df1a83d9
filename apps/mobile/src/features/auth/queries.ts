import { useMutation } from '@tanstack/react-query';
import {
  authEndpoints,
  emailEndpoints,
  magicLinkEndpoints,
  phoneEndpoints,
  type EndpointInput,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { ownProfileKey } from '../../lib/session';

type SignUpBody = EndpointInput<typeof authEndpoints.signUp>['body'];

/** E-mail and password: answers the access token (EMAIL_NOT_VERIFIED for an unverified address). */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api.call(authEndpoints.login, { body }),
  });
}

/** A new account; the server sends the verification e-mail. */
export function useSignUpMutation() {
  return useMutation({
    mutationFn: (body: SignUpBody) => api.call(authEndpoints.signUp, { body }),
  });
}

/** Texts a login code to a phone number (VoIP and landlines refused with the server's message). */
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

/** The verification e-mail's code; my profile is read again (it is verified now). */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.call(emailEndpoints.verify, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ownProfileKey }),
  });
}

/** Sends the verification e-mail again (signed out, from the sign-in screen). */
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
