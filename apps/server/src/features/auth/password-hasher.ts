import { availableParallelism } from 'node:os';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';
import pLimit from 'p-limit';

/**
 * Password hashing (better-auth's scrypt: N=16384, r=16, 32 MiB, ~0.2 s of one core on the 2-vCPU machines) runs
 * on libuv's thread pool, which also serves everything else that leaves the event loop: file reads, DNS lookups
 * for new database connections, compression of large responses. A burst of sign-ins used to fill all four of its
 * threads with hashes, so every other request that needed the pool waited behind them (bench:load: `GET /api/me`
 * p99 17.7 s during 200 sign-ins in 10 s). Hashes now queue here instead, at most one per core at a time and
 * never the whole pool, so the pool always has threads for the rest and the hashes still use every core.
 */
export function hashingConcurrency(cores = availableParallelism(), poolSize = threadPoolSize()) {
  return Math.max(1, Math.min(cores, poolSize - 1));
}

function threadPoolSize() {
  const n = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n > 0 ? n : 4;
}

const gate = pLimit(hashingConcurrency());

/** Hashes waiting for a turn (sign-ins, sign-ups, password changes): a figure for the logs and the benchmark. */
export const pendingHashes = () => gate.pendingCount;

export const hashPassword = (password: string) => gate(() => scryptHash(password));

export const verifyPassword = (data: { hash: string; password: string }) => gate(() => scryptVerify(data));
