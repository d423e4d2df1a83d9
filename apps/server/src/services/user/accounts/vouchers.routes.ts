import type { FastifyInstance } from 'fastify';
import { voucherEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { clientIp, type AccountService } from '../service';
import { VoucherService } from './vouchers.service';

/** Invite vouchers: create, list, revoke, redeem, and sign-up with a voucher. */
export function registerVouchersRoutes(app: FastifyInstance, accounts: AccountService): void {
  const vouchers = new VoucherService(accounts);

  route(app, e.create, ({ auth, body }) => vouchers.create(auth, body));
  route(app, e.list, ({ query }) => vouchers.list(query.status, query.limit, query.offset));
  route(app, e.revoke, ({ params }) => vouchers.revoke(params.id));
  route(app, e.redeem, ({ auth, body, request }) =>
    vouchers.redeem(auth, body.code, clientIp(request)),
  );
  route(app, e.voucherSignUp, async ({ body, request }) => {
    const user = await vouchers.signUp(body, clientIp(request));
    return { accessToken: await accounts.issueToken(user) };
  });
}
