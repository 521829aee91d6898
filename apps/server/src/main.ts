import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { createJobRunner } from './jobs/job-runner.ts';

// config → database (migrated) → seed → app → listen; SIGTERM/SIGINT close everything in order.
const started = performance.now();
const config = loadConfig();
const database = await openDatabase(config);
await seedReference(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;
// Features define their jobs while the app is built; the runner starts once they all have (and logs through the app).
const jobs = createJobRunner({
  db: database.db,
  listen: database.listen,
  pollMs: config.jobsPollMs,
  concurrency: config.jobsConcurrency,
  log: { info: (o, m) => app.log.info(o, m), warn: (o, m) => app.log.warn(o, m), error: (o, m) => app.log.error(o, m) },
});
const app = await buildApp({ config, database, jobs });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    // Stops accepting and waits for in-flight requests; the runner waits for running jobs and hands back the rest.
    await Promise.all([app.close(), jobs.stop()]);
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
if (config.jobsEnabled) await jobs.start();
app.log.info(
  {
    url: config.publicUrl,
    database: database.engine,
    mail: config.smtpUrl ? 'smtp' : `local mailbox at ${config.publicUrl}/dev/mailbox (this machine only)`,
    demoSeeded: seeded,
    jobs: config.jobsEnabled ? 'running' : 'off',
    startupMs: Math.round(performance.now() - started),
  },
  `Influence is running at ${config.publicUrl}`,
);
