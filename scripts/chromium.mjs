// Finds the system Chromium that the e2e suite drives (Debian's package; Playwright downloads no browser here).
// Shared by scripts/test.mjs and e2e/playwright.config.ts so both agree on one binary.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CHROMIUM_MISSING =
  'Chromium not found: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH if it names an executable, else `chromium` / `chromium-browser` on PATH, else undefined. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of ['chromium', 'chromium-browser']) {
    for (const dir of dirs) {
      const file = join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/** The flags every headless Chromium here is launched with (no sandbox as root in CI, no GPU, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
