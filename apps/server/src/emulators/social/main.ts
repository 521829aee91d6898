// Runs the social emulator on its own: `node --import tsx apps/server/src/emulators/social/main.ts`.
// SOCIAL_EMULATOR_PORT (default 3102), SOCIAL_EMULATOR_HOST (127.0.0.1), SOCIAL_EMULATOR_STORE (a JSON file keeping
// accounts, tokens and faults across restarts). Point a server at it with the emulator's credentials (README).
import { createSocialEmulator } from './social-emulator.ts';

const env = process.env;
const emulator = createSocialEmulator({
  storePath: env.SOCIAL_EMULATOR_STORE,
  logger: { level: env.LOG_LEVEL ?? 'info' },
});
const url = await emulator.listen({
  port: Number(env.SOCIAL_EMULATOR_PORT ?? 3102),
  host: env.SOCIAL_EMULATOR_HOST ?? '127.0.0.1',
});
emulator.app.log.info(
  `Social emulator at ${url}: YouTube ${url}/youtube/v3, TikTok ${url}/tiktok (consent ${url}/tiktok/v2/auth/authorize/), ` +
    `Instagram ${url}/instagram (consent ${url}/instagram/oauth/authorize), controls ${url}/_emulator/state`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void emulator.close().then(() => process.exit(0)));
}
