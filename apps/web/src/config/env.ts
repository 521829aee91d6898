/** Runtime configuration the server writes into <meta name="app-config">; defaults match the spec. */
export type AppConfig = { splashMs: number; splashFadeMs: number; devMailbox: boolean };

const defaults: AppConfig = { splashMs: 2000, splashFadeMs: 500, devMailbox: false };

function read(): AppConfig {
  try {
    const raw = document.querySelector('meta[name="app-config"]')?.getAttribute('content') ?? '{}';
    return { ...defaults, ...(JSON.parse(raw) as Partial<AppConfig>) };
  } catch {
    return defaults;
  }
}

export const appConfig = read();
