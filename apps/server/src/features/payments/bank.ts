import type { BogConfig } from '../../config.ts';
import { type BogClient, type BogLogEvent, createBogClient } from '../../integrations/bog/bog-client.ts';

/** The card provider as the payments feature sees it: which bank answers (the real one or the emulator) is config. */
export type Bank = {
  client: BogClient;
  /** Verifies the bank's callbacks (SHA256withRSA). */
  callbackPublicKey: string;
  /** The card page's origin: the one frame source the CSP admits. */
  cardPageOrigin: string;
};

/** The real bank from BOG_* settings. */
export function liveBank(config: Extract<BogConfig, { mode: 'live' }>, log?: (e: BogLogEvent) => void): Bank {
  return {
    client: createBogClient({
      tokenUrl: config.tokenUrl,
      apiBaseUrl: config.apiBaseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      log,
    }),
    callbackPublicKey: config.callbackPublicKey,
    cardPageOrigin: config.cardPageOrigin,
  };
}

/** The emulator's credentials: it accepts exactly these (emulators/bog README). */
export const EMULATOR_CREDENTIALS = { clientId: 'emulator-client', clientSecret: 'emulator-secret' } as const;

/** A bank for an emulator reached at `url` (started by main.ts, or by the test harness). */
export function emulatedBank(
  url: string,
  publicKeyPem: string,
  opts: {
    log?: (e: BogLogEvent) => void;
    credentials?: { clientId: string; clientSecret: string };
    fast?: boolean;
  } = {},
): Bank {
  return {
    client: createBogClient({
      tokenUrl: `${url}/auth/realms/bog/protocol/openid-connect/token`,
      apiBaseUrl: `${url}/payments/v1`,
      ...(opts.credentials ?? EMULATOR_CREDENTIALS),
      log: opts.log,
      // Tests use short waits between retries; the behaviour (same key, then unavailable) is the same.
      ...(opts.fast ? { retry: { attempts: 3, baseDelayMs: 5 }, timeoutMs: 2_000 } : {}),
    }),
    callbackPublicKey: publicKeyPem,
    cardPageOrigin: new URL(url).origin,
  };
}

/** A bank at an address nothing answers: every call ends as BogUnavailableError (503 to the payer). */
export const unreachableBank = (): Bank => emulatedBank('http://127.0.0.1:1', '', { fast: true });
