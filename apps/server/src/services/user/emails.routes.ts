import type { FastifyInstance } from 'fastify';
import type { AccountService } from './service';

export function registerEmailsRoutes(_app: FastifyInstance, _accounts: AccountService): void {}
