#!/usr/bin/env node
// A throwaway PostgreSQL cluster for tests: initdb in a temp dir, start on 127.0.0.1 with durability off,
// create the admin database `app_test`, hand out DATABASE_URL, and always stop and delete it afterwards.
//
//   library: const pg = await startThrowawayPostgres(); ...; pg.stop();
//   CLI:     node scripts/pg-throwaway.mjs [--] <command...>   runs the command with DATABASE_URL set
//
// As root (CI), every server-side binary runs as the `postgres` user: PostgreSQL refuses to run as root,
// and the data dir and the log file's dir must belong to that user.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PREFERRED_PORT = 54329;
const DATABASE = 'app_test';
const SERVER_OPTIONS = [
  '-c listen_addresses=127.0.0.1',
  '-c fsync=off',
  '-c synchronous_commit=off',
  '-c full_page_writes=off',
];

/** The bin dir of the installed PostgreSQL: PG_BIN, else /usr/lib/postgresql/<v>/bin (15 preferred, else newest). */
export function findPgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions.includes('15') ? '15' : versions[0];
  if (!version) throw new Error(`PostgreSQL not found under ${base}: install it with "apt-get install -y postgresql"`);
  return path.join(base, version, 'bin');
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function anyFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

function postgresUser() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root but there is no "postgres" user to run PostgreSQL as (apt-get install -y postgresql)',
    );
  }
}

/**
 * Starts a fresh cluster. Resolves to { url, port, dir, stop } once `app_test` exists.
 * stop() is synchronous and idempotent; it also runs on process exit as a backstop.
 * @param {{ port?: number, quiet?: boolean, settings?: string[], keepLog?: string }} [options] `settings`: more
 * `name=value` server settings (a bench's logging); `keepLog`: copy the server's log there once it has stopped.
 */
export async function startThrowawayPostgres({
  port: wanted = PREFERRED_PORT,
  quiet = false,
  settings = [],
  keepLog,
} = {}) {
  const bin = findPgBin();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-throwaway-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'pg.log');
  if (owner) chownSync(dir, owner.uid, owner.gid);

  /** Runs a server-side binary (as postgres when we are root); throws with its output on failure. */
  const run = (tool, args) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const res = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8' });
    if (res.status !== 0) {
      const output = `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}`.trim();
      throw new Error(`${tool} ${args.join(' ')} failed (exit ${res.status}):\n${output}`);
    }
    return res.stdout;
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      } catch (err) {
        // Last resort so no postmaster outlives us: immediate shutdown by pid.
        const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid > 0) {
          try {
            process.kill(pid, 'SIGQUIT');
          } catch {}
        }
        if (!quiet) console.error(String(err));
      }
    }
    if (keepLog && existsSync(log)) copyFileSync(log, keepLog);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);

  try {
    const port = (await portIsFree(wanted)) ? wanted : await anyFreePort();
    const t0 = Date.now();
    run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const options = [`-p ${port}`, `-k '${dir}'`, ...SERVER_OPTIONS, ...settings.map((x) => `-c ${x}`)].join(' ');
    run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    const createdb = spawnSync(
      path.join(bin, 'createdb'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE],
      { encoding: 'utf8' },
    );
    if (createdb.status !== 0) throw new Error(`createdb failed: ${createdb.stderr || createdb.error}`);
    const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
    if (!quiet) console.log(`PostgreSQL (${bin}) ready at ${url} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    // An outage on demand (tests of what survives a restart): the server stops, connections end, new ones are refused
    // until resume() starts it again on the same port and data.
    const pause = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    const resume = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    return { url, port, dir, stop, pause, resume };
  } catch (err) {
    if (existsSync(log)) {
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-20).join('\n');
      if (tail) /** @type {Error} */ (err).message += `\n--- ${log} (last lines) ---\n${tail}`;
    }
    stop();
    throw err;
  }
}

// CLI: run one command against a throwaway cluster.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const command = argv[0] === '--' ? argv.slice(1) : argv;
  if (command.length === 0) {
    console.error('usage: node scripts/pg-throwaway.mjs [--] <command...>   (DATABASE_URL is set for the command)');
    process.exit(2);
  }
  let pg;
  try {
    pg = await startThrowawayPostgres();
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: pg.url },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error(String(err));
    pg.stop();
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    pg.stop();
    process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
  });
}
