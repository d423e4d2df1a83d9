import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endGroup } from './processes';

/**
 * Debian's nginx as the load balancer of a local cluster: round robin over the app processes,
 * websocket upgrade for /primus (rooms and chat on one socket), no sticky sessions, /metrics kept inside.
 */
const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

export function findNginx(): string | null {
  for (const c of CANDIDATES) if (existsSync(c)) return c;
  try {
    return execFileSync('which', ['nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Finds nginx, installing Debian's package through apt when it is missing. */
export function ensureNginx(log: (line: string) => void = console.log): string {
  const found = findNginx();
  if (found) return found;
  log('nginx is not installed: installing Debian’s nginx package (apt-get)…');
  const root = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(root ? args[0] : 'sudo', root ? args.slice(1) : args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'nginx-light']);
  const installed = findNginx();
  if (!installed) throw new Error('nginx could not be installed');
  return installed;
}

/**
 * The configuration: one upstream of `ports`, listening on `port`. One worker keeps round robin
 * exact (each worker keeps its own turn); a bench of more sockets than one worker may hold asks
 * for more.
 */
export function nginxConfig(dir: string, port: number, ports: number[], workers = 1): string {
  const servers = ports
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  // Two connections per proxied socket: 10 000 listeners need 20 000, and a container may hold a
  // process to fewer descriptors than that (RLIMIT_NOFILE it cannot raise). With more workers,
  // each takes its share of the connections (reuseport), each within the limit.
  return `worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 600m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream app {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port} reuseport;
    location = /metrics { return 404; }
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

export interface Nginx {
  dir: string;
  /** Points the upstream at these ports (nginx -s reload). */
  reload(ports: number[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground, in its own process group, with its files in a temp dir. */
export async function startNginx(port: number, ports: number[], workers = 1): Promise<Nginx> {
  const bin = ensureNginx();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-nginx-'));
  await fs.chmod(dir, 0o755); // nginx's workers run as another user
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(conf, nginxConfig(dir, port, ports, workers));
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  // Listening once the port answers.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
    try {
      await fetch(`http://127.0.0.1:${port}/nginx-probe`);
      break;
    } catch {
      if (i > 100) throw new Error(`nginx did not listen on ${port}: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    dir,
    async reload(next: number[]) {
      await fs.writeFile(conf, nginxConfig(dir, port, next, workers));
      execFileSync(bin, ['-p', dir, '-c', conf, '-s', 'reload']);
    },
    async stop() {
      await endGroup(child, 5000);
      // The last error log stays for a look after the run.
      await fs
        .copyFile(path.join(dir, 'error.log'), path.join(os.tmpdir(), 'tt-nginx-error.log'))
        .catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
