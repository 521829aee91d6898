import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed.ts';

// config → database (migrated) → seed → app → listen; SIGTERM/SIGINT close everything in order.
const started = performance.now();
const config = loadConfig();
const database = await openDatabase(config);
await seedReference(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close(); // stops accepting, waits for in-flight requests
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.error({ err }, 'could not listen');
  await database.close();
  process.exit(1);
}
app.log.info(
  {
    url: config.publicUrl,
    database: database.engine,
    mail: config.smtpUrl ? 'smtp' : `local mailbox at ${config.publicUrl}/dev/mailbox (this machine only)`,
    demoSeeded: seeded,
    startupMs: Math.round(performance.now() - started),
  },
  `Influence is running at ${config.publicUrl}`,
);
