import type { FastifyInstance } from 'fastify';
import type { AccountService } from './service';

export function registerPasswordsRoutes(_app: FastifyInstance, _accounts: AccountService): void {}
