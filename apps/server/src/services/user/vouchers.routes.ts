import type { FastifyInstance } from 'fastify';
import type { AccountService } from './service';

export function registerVouchersRoutes(_app: FastifyInstance, _accounts: AccountService): void {}
