import type { ChildProcess } from 'node:child_process';
import { host } from './chat';
import { percentile } from './http';
import type { RoomHostReady } from './room-host';
import { WireClient } from './ws-client';

/**
 * Join storm, side by side in one run: `joins` sockets connect and join one room at once, against
 * our server and against a bare `ws` server answering the same joins (bench/room-host.ts), each in
 * a process of its own. Per join: the time from opening the socket to the joinRoom answer; per
 * server: the CPU time it spent on the storm, divided by the joins.
 */
const GOAL_RATIO = 1.5;

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { cpuMs: number }).cpuMs));
    child.send('cpu');
  });
}

export async function storm(name: string, mode: 'room' | 'bare', joins: number) {
  const h = await host<RoomHostReady>([mode, String(joins)], 'room-host.ts');
  const clients: WireClient[] = [];
  try {
    const cpuBefore = await cpuOf(h.child);
    const latencies: number[] = [];
    const opened: number[] = [];
    let failures = 0;
    const started = performance.now();
    const clientCpu = process.cpuUsage();
    await Promise.all(
      h.ready.guests.map(async (token) => {
        const t0 = performance.now();
        try {
          const c = await WireClient.connect(h.ready.url, token);
          opened.push(performance.now() - t0);
          clients.push(c);
          await c.action('joinRoom', { roomUuid: h.ready.room });
          latencies.push(performance.now() - t0);
        } catch {
          failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = (await cpuOf(h.child)) - cpuBefore;
    const used = process.cpuUsage(clientCpu);
    const clientCpuMs = (used.user + used.system) / 1000;
    latencies.sort((a, b) => a - b);
    opened.sort((a, b) => a - b);
    return {
      scenario: name,
      joined: latencies.length,
      failures,
      'joins/s': Math.round(latencies.length / seconds),
      'open p50 ms': Number(percentile(opened, 50).toFixed(1)),
      'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
      'CPU ms/join': Number((cpuMs / Math.max(1, joins)).toFixed(2)),
      'client CPU %': Math.round((100 * clientCpuMs) / (seconds * 1000)),
    };
  } finally {
    clients.forEach((c) => c.close());
    await h.stop();
  }
}

export async function benchJoinStorm(joins: number): Promise<void> {
  const ours = await storm(`join storm, our server (${joins} sockets)`, 'room', joins);
  const bare = await storm(`same joins, bare ws server`, 'bare', joins);
  console.table([ours, bare]);
  const p50 = ours['p50 ms'] / Math.max(0.001, bare['p50 ms']);
  const p99 = ours['p99 ms'] / Math.max(0.001, bare['p99 ms']);
  const cpu = ours['CPU ms/join'] / Math.max(0.001, bare['CPU ms/join']);
  console.log(
    `join storm vs bare: p50 ${p50.toFixed(2)}x, p99 ${p99.toFixed(2)}x, CPU per join ${cpu.toFixed(2)}x ` +
      `(goal ≤ ${GOAL_RATIO}x: ${Math.max(p50, p99) <= GOAL_RATIO ? 'met' : 'not met'})`,
  );
}
