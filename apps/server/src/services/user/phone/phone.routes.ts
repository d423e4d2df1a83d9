import type { FastifyInstance } from 'fastify';
import { phoneEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { clientIp, type AccountService } from '../service';
import { PhoneService } from './phone.service';

/** Phone login, phone validation and the phone whitelist (two route groups share it). */
export function registerPhoneRoutes(app: FastifyInstance, accounts: AccountService): void {
  const phones = new PhoneService(accounts);

  route(app, e.validate, ({ params, query, auth }) =>
    phones.validate(params.phone, query.country, auth?.uuid ?? null),
  );
  route(app, e.recents, ({ query }) => phones.recents(query.limit, query.offset));
  route(app, e.clearRecents, () => phones.clearRecents());
  route(app, e.fraudConstants, () => phones.fraudConstants());

  route(app, e.sendCode, ({ body }) => phones.sendCode(body.phoneNumber, body.country));
  route(app, e.verifyCode, ({ body, request }) => phones.verifyCode(body, clientIp(request)));

  route(app, e.addWhitelist, ({ body, auth }) => phones.addToWhitelist(body, auth?.uuid ?? null));
  route(app, e.removeWhitelist, ({ params }) => phones.removeFromWhitelist(params.id));

  route(app, e.adminList, ({ query }) => phones.listWhitelist(query));
  route(app, e.adminGet, ({ params }) => phones.whitelistEntry(params.id));
  route(app, e.adminCreate, ({ body, auth }) => phones.addToWhitelist(body, auth?.uuid ?? null));
  route(app, e.adminDelete, ({ params }) => phones.removeFromWhitelist(params.id));
}
