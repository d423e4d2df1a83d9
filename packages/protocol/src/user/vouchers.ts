import { z } from 'zod';
import { endpoint } from '../contract';
import { Capability, VoucherStatus } from '../enums';
import { LimitOffsetQuery } from '../qb';
import { SignUpReq } from './auth';
import { AccessTokenRes, UuidParam } from './dto';

const S = 'user' as const;

/** Most vouchers one POST /vouchers call creates. */
export const MAX_VOUCHERS_PER_REQUEST = 100;
/** Voucher codes look like TT-7KQ2-M9XD (no 0/O/1/I/L to misread). */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VOUCHER_CODE_PATTERN = /^TT-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** Codes are compared without case and surrounding spaces. */
const voucherCode = z.string().trim().min(1).max(40).toUpperCase();

export const VoucherDto = z.object({
  uuid: z.string(),
  code: z.string(),
  status: VoucherStatus,
  /** Granted to the account that redeems it. */
  capability: Capability.nullable(),
  note: z.string(),
  createdBy: z.string(),
  redeemedBy: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VoucherDto = z.infer<typeof VoucherDto>;

export const CreateVouchersReq = z.object({
  count: z.number().int().min(1).max(MAX_VOUCHERS_PER_REQUEST).default(1),
  capability: Capability.optional(),
  note: z.string().trim().max(500).optional(),
});

export const VoucherListQuery = LimitOffsetQuery.extend({
  status: VoucherStatus.optional(),
});

export const VoucherListRes = z.object({
  data: z.array(VoucherDto),
  total: z.number().int(),
});
export type VoucherListRes = z.infer<typeof VoucherListRes>;

export const RedeemVoucherReq = z.object({ code: voucherCode });

export const VoucherSignUpReq = SignUpReq.extend({ voucherCode });
export type VoucherSignUpReq = z.infer<typeof VoucherSignUpReq>;

export const voucherEndpoints = {
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/vouchers',
    auth: 'admin.vouchers',
    summary: 'Creates 1 to 100 PENDING vouchers (optionally granting a capability)',
    body: CreateVouchersReq,
    response: z.array(VoucherDto),
    status: 201,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/vouchers',
    auth: 'admin.vouchers',
    summary: 'Vouchers, newest first, optionally of one status',
    query: VoucherListQuery,
    response: VoucherListRes,
  }),
  revoke: endpoint({
    service: S,
    method: 'DELETE',
    path: '/vouchers/{id}',
    auth: 'admin.vouchers',
    summary: 'Revokes a PENDING voucher (id = voucher uuid)',
    params: UuidParam,
    response: VoucherDto,
  }),
  redeem: endpoint({
    service: S,
    method: 'PATCH',
    path: '/vouchers/redeem',
    auth: 'user',
    summary: "Redeems a PENDING voucher for the caller and grants the voucher's capability",
    body: RedeemVoucherReq,
    response: VoucherDto,
  }),
  voucherSignUp: endpoint({
    service: S,
    method: 'POST',
    path: '/users/voucher-sign-up',
    auth: 'public',
    summary: 'Creates an account with a voucher code; sends a verification e-mail',
    body: VoucherSignUpReq,
    response: AccessTokenRes,
    status: 201,
    missingFieldsMessage: 'Email, password, or voucher code is missing in request.',
    rateLimitPerMinute: 20,
  }),
};
