export const CHROMIUM_MISSING: string;
export function findChromium(env?: NodeJS.ProcessEnv): string | undefined;
export const CHROMIUM_ARGS: string[];
