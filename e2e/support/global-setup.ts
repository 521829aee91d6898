// Starts the server once for the whole run. E2E_BASE_URL, when given, points at a server that is already
// running (e.g. `npm start` on its defaults) and nothing is started.
import { startServer } from './server.ts';

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  // Workers are forked after this and inherit the variable; playwright.config.ts reads it as baseURL.
  process.env.E2E_BASE_URL = await startServer();
}
