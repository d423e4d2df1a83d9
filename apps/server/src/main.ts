import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { ResidentDjs } from './demo/residents';
import { DEMO_USERS } from './services/user/seed';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, platform, services, close } = await buildApp(config);
  const seeded: string[] = [];
  if (config.SEED_DEMO) {
    for (const s of services) if (s.seed) seeded.push(...(await s.seed(platform)));
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  Turntable LIVE is running at ${url}`,
    `  API docs: ${url}/api/docs   services: ${services.map((s) => s.name).join(', ')}`,
    `  database: ${platform.dbKind}   bus: ${platform.bus.kind}   mail: ${config.SMTP_URL ? 'smtp' : `outbox (${platform.mailer.outboxDir})`}`,
    ...(seeded.length ? ['', '  Demo data:', ...seeded.map((l) => `    ${l}`)] : []),
    '',
  ];
  console.log(lines.join('\n'));
  // DEMO-RESIDENT-1: the demo rooms keep playing (SEED_DEMO=false: off).
  const dj = DEMO_USERS.find((u) => u.email === 'dj@turntable.local');
  const residents =
    config.SEED_DEMO && config.DEMO_RESIDENTS && dj
      ? new ResidentDjs({
          url: `http://127.0.0.1:${port}`,
          dataDir: config.dataDir,
          log: platform.log,
          owner: { email: dj.email, password: dj.password },
        }).start()
      : null;
  const stop = async () => {
    await residents?.stop();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
