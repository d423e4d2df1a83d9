import type { FastifyInstance } from 'fastify';
import { emailEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { EmailService } from './emails.service';
import { clientIp, type AccountService } from '../service';

/** E-mail addresses: list, add, delete, verification e-mail, verify (and deprecated confirm). */
export function registerEmailsRoutes(app: FastifyInstance, accounts: AccountService): void {
  const emails = new EmailService(accounts);

  route(app, e.list, ({ auth }) => emails.list(auth));

  route(app, e.add, ({ auth, body }) => emails.add(auth, body));

  route(app, e.remove, ({ auth, params }) => emails.remove(auth, params.id));

  route(app, e.resendVerification, async ({ auth, body }) => {
    await emails.resend(auth, body.email);
    return { success: true };
  });

  route(app, e.resendPublic, async ({ body }) => {
    await emails.resendSignedOut(body.email);
    return { success: true };
  });

  route(app, e.verify, ({ body, request }) =>
    emails.verify(body.email, body.code, clientIp(request)),
  );

  route(app, e.confirm, ({ auth, body, request }) => emails.confirm(auth, body, clientIp(request)));
}
