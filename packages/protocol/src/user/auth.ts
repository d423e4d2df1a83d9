import { z } from 'zod';
import { endpoint } from '../contract';
import { AccessTokenRes, SessionDto } from './dto';

const S = 'user' as const;

export const LoginReq = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
});

export const SignUpReq = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(8, 'password must be at least 8 characters').max(200),
  nickname: z.string().trim().min(1).max(40).optional(),
});

export const authEndpoints = {
  login: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    summary: 'Log in with e-mail and password; answers an access token',
    body: LoginReq,
    response: AccessTokenRes,
    missingFieldsMessage: 'Email or password is missing in request.',
    rateLimitPerMinute: 30,
  }),
  session: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/session',
    auth: 'authenticated',
    summary: 'What the bearer token says about its holder',
    response: SessionDto,
  }),
  pubKey: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/pub-key',
    auth: 'public',
    summary: 'Public key (PEM, RS256) that verifies access tokens',
    response: z.object({ publicKey: z.string(), algorithm: z.literal('RS256') }),
  }),
  guest: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/guest',
    auth: 'public',
    summary: 'A guest token: listen-only browsing without an account',
    response: AccessTokenRes,
    rateLimitPerMinute: 60,
  }),
  signUp: endpoint({
    service: S,
    method: 'POST',
    path: '/users/sign-up',
    auth: 'public',
    summary: 'Create an account with e-mail and password; sends a verification e-mail',
    body: SignUpReq,
    response: AccessTokenRes,
    status: 201,
    missingFieldsMessage: 'Email or password is missing in request.',
    rateLimitPerMinute: 20,
  }),
  signOutEverywhere: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/sign-out-everywhere',
    auth: 'user',
    summary:
      "SEC-SESSION-1: ends every session of the caller's account — each phone, browser and chat token, this one included; their tokens answer 401 from now on and open sockets close",
    response: z.object({ ended: z.literal(true) }),
    rateLimitPerMinute: 10,
  }),
};
