import type { FastifyInstance } from 'fastify';
import type { AccountService } from './service';

export function registerProfileRoutes(_app: FastifyInstance, _accounts: AccountService): void {}
