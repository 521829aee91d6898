import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { playDemoOrders } from './db/demo-orders.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { createBogEmulator } from './emulators/bog/bog-emulator.ts';
import { createSocialEmulator } from './emulators/social/social-emulator.ts';
import { type Bank, EMULATOR_CREDENTIALS, emulatedBank, liveBank } from './features/payments/bank.ts';
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
// The bank: the real one with BOG_* credentials, otherwise the local emulator on its own port (its card page on its own
// origin, as the bank's is), keeping its orders and key in DATA_DIR so restarts stay consistent with our database.
let emulator: ReturnType<typeof createBogEmulator> | undefined;
let bank: Bank;
if (config.bog.mode === 'live') {
  bank = liveBank(config.bog);
} else if (config.bog.url) {
  // Another instance's emulator (BOG_EMULATOR_URL): one bank for every instance on this machine, its key read from it.
  const res = await fetch(`${config.bog.url}/_emulator/public-key`).catch(() => null);
  if (!res?.ok)
    throw new Error(`BOG_EMULATOR_URL: no bank emulator answers at ${config.bog.url}; start that instance first.`);
  bank = emulatedBank(config.bog.url, await res.text());
} else {
  emulator = createBogEmulator({
    ...EMULATOR_CREDENTIALS,
    store: { path: join(config.dataDir, 'bog-emulator.json') },
    // Besides its own page, the app's pages may drive its controls; no other site's may.
    controlOrigins: [config.publicUrl],
  });
  // Loopback only: its control routes (/_emulator) are unauthenticated by design. Its pages use the app's host name
  // when that is a loopback one, so the card page and the app look alike to the browser (localhost vs 127.0.0.1).
  const url = await emulator.listen({ port: config.bog.port, host: '127.0.0.1' });
  const appHost = new URL(config.publicUrl).hostname;
  if (appHost === 'localhost') emulator.setPublicUrl(url.replace('127.0.0.1', 'localhost'));
  bank = emulatedBank(emulator.publicUrl, emulator.publicKeyPem);
}
// The social platforms: each with credentials is the real API; the others are one local emulator on its own loopback
// port (PORT + 2), its accounts, tokens and faults kept in DATA_DIR (issue 13).
let socialEmulator: ReturnType<typeof createSocialEmulator> | undefined;
if (config.social.emulatorPort !== null) {
  socialEmulator = createSocialEmulator({ storePath: join(config.dataDir, 'social-emulator.json') });
  const url = await socialEmulator.listen({ port: config.social.emulatorPort, host: '127.0.0.1' });
  // The consent pages open in the person's browser: use the app's loopback name, as the bank's card page does.
  if (new URL(config.publicUrl).hostname === 'localhost')
    socialEmulator.setPublicUrl(url.replace('127.0.0.1', 'localhost'));
}
const app = await buildApp({ config, database, jobs, bank, socialEmulatorUrl: socialEmulator?.publicUrl });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    // Stops accepting and waits for in-flight requests; the runner waits for running jobs and hands back the rest.
    await Promise.all([app.close(), jobs.stop()]);
    await emulator?.close();
    await socialEmulator?.close();
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
// A fresh demo's orders beyond "awaiting payment" are paid at the emulated bank and moved on, as people would.
if (seeded && emulator) {
  await playDemoOrders({
    app,
    db: database.db,
    publicUrl: config.publicUrl,
    bankUrl: emulator.publicUrl,
    log: app.log,
  });
}
app.log.info(
  {
    url: config.publicUrl,
    database: database.engine,
    mail: config.smtpUrl ? 'smtp' : `local mailbox at ${config.publicUrl}/dev/mailbox (this machine only)`,
    demoSeeded: seeded,
    jobs: config.jobsEnabled ? 'running' : 'off',
    bank: emulator
      ? `local emulator at ${emulator.publicUrl} (test cards in the README)`
      : config.bog.mode === 'emulator'
        ? `shared local emulator at ${config.bog.url}`
        : 'Bank of Georgia',
    social: socialEmulator
      ? `local emulator at ${socialEmulator.publicUrl}; accounts at ${config.publicUrl}/dev/social (this machine only)`
      : 'platform APIs',
    startupMs: Math.round(performance.now() - started),
  },
  `Influence is running at ${config.publicUrl}`,
);
