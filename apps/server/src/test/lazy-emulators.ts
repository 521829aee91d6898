// The test harness's emulators, made on first use. Each has its loopback port from the start, so the app is built
// with its address exactly as before; the emulator behind the port is made by the first request that reaches it, or
// the first time a test reads `t.bank.emulator` or `t.socialEmulator.state` / `.app` / `.reset()`. Most server test
// files never pay and never connect a social account, and no longer make a bank (an RSA key pair and a Fastify
// instance) and a social emulator they do not use.
import { generateKeyPair, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { BogEmulator, BogEmulatorOptions } from '../emulators/bog/bog-emulator.ts';
import { type TestBank, testBankEmulator, testBankEndpoints } from '../emulators/bog/emulator-testing.ts';
import {
  createSocialEmulator,
  type SocialEmulator,
  type SocialEmulatorOptions,
} from '../emulators/social/social-emulator.ts';

type KeyPair = { privateKeyPem: string; publicKeyPem: string };

const pem = (pair: { publicKey: KeyObject; privateKey: KeyObject }): KeyPair => ({
  publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

// One RSA key pair per test process (making one costs ≈0.2 s of a core), shared by every bank it makes.
let keys: KeyPair | undefined;
let making: Promise<KeyPair> | undefined;
/** Off the event loop: a request to the bank is waiting for it. */
function keyPair(): Promise<KeyPair> {
  if (keys) return Promise.resolve(keys);
  making ??= new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, publicKey, privateKey) => {
      if (err) return reject(err);
      keys ??= pem({ publicKey, privateKey });
      resolve(keys);
    }),
  );
  return making;
}
/** A test reads the emulator now (its controls, its key): nothing else is waiting. */
function keyPairNow(): KeyPair {
  keys ??= pem(generateKeyPairSync('rsa', { modulusLength: 2048 }));
  return keys;
}

/**
 * A loopback port whose requests are handed to the Fastify app `make` resolves to, made on the first request. The
 * app never listens itself: `routing` is the handler Fastify's own server would call, so hooks, parsers and error
 * handlers all apply.
 */
async function lazyPort(make: () => Promise<FastifyInstance>) {
  const server = createServer((req, res) => {
    make()
      .then(async (app) => {
        await app.ready();
        app.routing(req, res);
      })
      .catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`The emulator did not start: ${error.message}`);
      });
  });
  // As Fastify configures its own server: idle keep-alive connections outlive the client's, no request timeout.
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LazyTestBank = TestBank & {
  /** Whether the emulator has been made yet. */
  readonly made: boolean;
};

/** A test bank (emulators/bog/emulator-testing.ts) whose emulator is made on first use, with this process's key. */
export async function lazyTestBank(
  options: Omit<BogEmulatorOptions, 'keyPair' | 'publicUrl'> = {},
): Promise<LazyTestBank> {
  let emulator: BogEmulator | undefined;
  const ensure = (pair: KeyPair) => {
    emulator ??= testBankEmulator({ ...options, keyPair: pair, publicUrl: port.url });
    return emulator;
  };
  const port = await lazyPort(async () => ensure(await keyPair()).app);
  return {
    ...testBankEndpoints(port.url),
    get emulator() {
      return ensure(keys ?? keyPairNow());
    },
    get made() {
      return emulator !== undefined;
    },
    async close() {
      await emulator?.close();
      await port.close();
    },
  };
}

/** What tests use of the social emulator: its address, state and controls. */
export type TestSocialEmulator = Pick<SocialEmulator, 'app' | 'state' | 'reset'> & {
  readonly url: string;
  /** Whether the emulator has been made yet. */
  readonly made: boolean;
  close(): Promise<void>;
};

/** The social platforms' emulator (its default accounts), made on first use. */
export async function lazySocialEmulator(options: SocialEmulatorOptions = {}): Promise<TestSocialEmulator> {
  let emulator: SocialEmulator | undefined;
  const ensure = () => {
    emulator ??= createSocialEmulator(options);
    return emulator;
  };
  const port = await lazyPort(async () => ensure().app);
  return {
    url: port.url,
    get app() {
      return ensure().app;
    },
    get state() {
      return ensure().state;
    },
    reset: (accounts) => ensure().reset(accounts),
    get made() {
      return emulator !== undefined;
    },
    async close() {
      await emulator?.close();
      await port.close();
    },
  };
}
