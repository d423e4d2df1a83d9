/**
 * JOBS-STALL-1 test kit: a process that runs one BullMQ job and dies holding it. Started by
 * jobs.stall.test.ts as `tsx jobs.stall.child.ts <redisUrl> <prefix> <jobName>`; prints
 * `started <jobId> <attempt>` when its handler runs, then never finishes the job: the test kills
 * it (SIGKILL) as a crash would.
 */
import pino from 'pino';
import { RedisJobQueue } from './jobs';
import './jobs.testing';

const [url, prefix, name] = process.argv.slice(2);
if (!url || !prefix || name !== 'stuck') throw new Error('usage: <redisUrl> <prefix> stuck');
const jobs = new RedisJobQueue(url, prefix, pino({ level: 'silent' }));
jobs.define(name, async (_data, job) => {
  process.stdout.write(`started ${job.id} ${job.attempt}\n`);
  await new Promise<never>(() => {});
});
process.stdout.write('ready\n');
