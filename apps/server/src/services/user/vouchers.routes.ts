import type { FastifyInstance } from 'fastify';
import { voucherEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { AccountService } from './service';
import { VoucherService } from './vouchers.service';

/** Invite vouchers: create, list, revoke, redeem, and sign-up with a voucher. */
export function registerVouchersRoutes(app: FastifyInstance, accounts: AccountService): void {
  const vouchers = new VoucherService(accounts);

  route(app, e.create, ({ auth, body }) => vouchers.create(auth, body));
  route(app, e.list, ({ query }) => vouchers.list(query.status, query.limit, query.offset));
  route(app, e.revoke, ({ params }) => vouchers.revoke(params.id));
  route(app, e.redeem, ({ auth, body }) => vouchers.redeem(auth, body.code));
  route(app, e.voucherSignUp, async ({ body }) => {
    const user = await vouchers.signUp(body);
    return { accessToken: await accounts.issueToken(user) };
  });
}
