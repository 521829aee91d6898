// Runs the BOG emulator on its own: `node --import tsx apps/server/src/emulators/bog/main.ts`.
// BOG_EMULATOR_PORT (default 3100), BOG_EMULATOR_HOST (127.0.0.1), BOG_EMULATOR_PUBLIC_URL (http://host:port),
// BOG_EMULATOR_STORE (a JSON file to keep orders across restarts), BOG_CLIENT_ID / BOG_CLIENT_SECRET (the
// credentials it accepts; default emulator-client / emulator-secret).
import { createBogEmulator } from './bog-emulator.ts';

const env = process.env;
const emulator = createBogEmulator({
  publicUrl: env.BOG_EMULATOR_PUBLIC_URL,
  clientId: env.BOG_CLIENT_ID,
  clientSecret: env.BOG_CLIENT_SECRET,
  store: env.BOG_EMULATOR_STORE ? { path: env.BOG_EMULATOR_STORE } : undefined,
  logger: { level: env.LOG_LEVEL ?? 'info' },
});
const url = await emulator.listen({
  port: Number(env.BOG_EMULATOR_PORT ?? 3100),
  host: env.BOG_EMULATOR_HOST ?? '127.0.0.1',
});
emulator.app.log.info(
  `BOG emulator at ${emulator.publicUrl || url}: token ${url}/auth/realms/bog/protocol/openid-connect/token, ` +
    `API ${url}/payments/v1, public key ${url}/_emulator/public-key`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void emulator.close().then(() => process.exit(0)));
}
