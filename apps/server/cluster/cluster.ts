import net from 'node:net';
import { spawnServer, type ServerProcess } from './processes';
import { startNginx, type Nginx } from './nginx';

/**
 * A cluster on one machine: N app processes of one deployment (one PostgreSQL database, one Redis
 * prefix, one data directory for the signing keys) behind nginx. Used by `npm run cluster`, the
 * cluster test and `npm run bench -- cluster`.
 */
export interface ClusterOptions {
  processes: number;
  /** The load balancer's port (0: any free one). */
  port?: number;
  /** Environment of every process: DATABASE_URL, REDIS_URL, DATA_DIR, REDIS_PREFIX, … */
  env: Record<string, string | undefined>;
  /** Environment of the first process only (e.g. SEED_DEMO). */
  firstEnv?: Record<string, string | undefined>;
  /** nginx's workers (1: exact round robin; more for more sockets than one worker may hold). */
  nginxWorkers?: number;
}

export interface Cluster {
  url: string;
  ports: number[];
  processes: (ServerProcess | null)[];
  /** kill -9 of process i (its whole process group). */
  kill(i: number): Promise<void>;
  /** Starts process i again on its port (after kill or stop; another port if that one was taken). */
  start(i: number): Promise<ServerProcess>;
  /** SIGTERM of process i; it finishes its work and hands its rooms over. */
  stopOne(i: number): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!opts.env.REDIS_URL || !opts.env.DATABASE_URL) {
    throw new Error('a cluster needs DATABASE_URL and REDIS_URL');
  }
  const ports: number[] = [];
  for (let i = 0; i < opts.processes; i++) ports.push(await freePort());
  const processes: (ServerProcess | null)[] = ports.map(() => null);
  const envOf = (i: number) => ({
    ...opts.env,
    ...(i === 0 ? opts.firstEnv : {}),
    PORT: String(ports[i]),
    // nginx in front, on this machine: its X-Forwarded-For is believed.
    TRUST_PROXY: 'loopback',
  });
  let nginx: Nginx | null = null;
  const start = async (i: number): Promise<ServerProcess> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const p = await spawnServer(envOf(i));
        processes[i] = p;
        if (attempt > 0) await nginx?.reload(ports);
        return p;
      } catch (err) {
        // A port picked as free is an ordinary free port until its process listens on it (at
        // the start, the others wait while the first one sets up; later, while process i is
        // down): any outgoing connection on this machine may take it as its local port. The
        // process comes up on another one, and nginx (once running) is pointed there.
        if (attempt >= 4 || !/EADDRINUSE/.test(String(err))) throw err;
        ports[i] = await freePort();
      }
    }
  };
  try {
    // The first one alone: it makes the signing keys and the demo data the others use.
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    const port = opts.port || (await freePort());
    nginx = await startNginx(port, ports, opts.nginxWorkers);
    const lb = nginx;
    return {
      url: `http://127.0.0.1:${port}`,
      ports,
      processes,
      async kill(i) {
        await processes[i]?.kill();
        processes[i] = null;
      },
      start,
      async stopOne(i) {
        await processes[i]?.stop();
        processes[i] = null;
      },
      async stop() {
        await lb.stop();
        await Promise.all(processes.map((p) => p?.stop()));
      },
    };
  } catch (err) {
    await nginx?.stop();
    await Promise.all(processes.map((p) => p?.kill()));
    throw err;
  }
}
