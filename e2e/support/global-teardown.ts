import { readFileSync } from 'node:fs';
import { SERVER_LOG, stopServer } from './server.ts';

export default async function globalTeardown(): Promise<void> {
  await stopServer();
  // Every journey opens pages the server renders (apps/web/src/entry-server.tsx). One it could not render falls back
  // to the browser, which the journey would not notice: the server's log says so, and that is a failure here (a
  // render that only timed out on a busy machine is not).
  const fallbacks = readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.includes('rendered on the server') && !/aborted|timed? ?out/i.test(line));
  if (fallbacks.length) {
    throw new Error(
      `${fallbacks.length} page(s) could not be rendered on the server:\n${fallbacks.slice(0, 10).join('\n')}`,
    );
  }
}
