import type { FastifyInstance } from 'fastify';
import type { AccountService } from './service';

export function registerBotsRoutes(_app: FastifyInstance, _accounts: AccountService): void {}
