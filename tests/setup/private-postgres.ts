import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { portIsFree } from './child-server.ts';

const run = promisify(execFile);

/** The PostgreSQL server programs: PG_BIN, else `pg_config --bindir`, else the newest /usr/lib/postgresql/N/bin. */
export function findBinDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH.
  }
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      `PostgreSQL server programs (initdb, pg_ctl) not found in ${candidates.join(', ') || 'any known place'}: install postgresql or set PG_BIN`,
    );
  }
  return found;
}

/**
 * initdb refuses to run as root. As root, the server programs run as the `postgres` system user
 * (which the Debian package creates) through runuser, in a directory that user owns.
 */
function systemUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('running as root, initdb needs an unprivileged user: create the `postgres` system user');
  }
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  serverUrl: string;
  port: number;
  /** The server's log (gone after dispose). */
  logFile: string;
  /** Stops the server; `mode` fast ends sessions cleanly, immediate is like a crash (WAL recovery on start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server for good and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * A free port below the kernel's range of ephemeral ports. The server is stopped and started again
 * on it: while it is down, a client retrying 127.0.0.1:port from an ephemeral source port can be
 * given that very port and connect to itself (TCP simultaneous open), then wait for a server that
 * is its own echo. A destination port outside the range cannot be a source port. (CI's
 * database-restart test once saw the app never recover after a restart, at fa89b1d; this is one
 * way that can happen, not a proven cause: the test now reports what the app saw when it fails.)
 */
async function restartablePort(): Promise<number> {
  let ephemeralStart = 32768;
  try {
    ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual start of the range.
  }
  const lowest = 10_000;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = lowest + Math.floor(Math.random() * (ephemeralStart - lowest));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port between ${lowest} and ${ephemeralStart}`);
}

/**
 * A PostgreSQL server of the test's own: a fresh cluster in a temporary directory, on a free
 * port, trust auth on 127.0.0.1 only, its socket in that directory. Nothing else uses it, so a
 * test may stop, crash and restart it.
 */
export interface PrivatePostgresOptions {
  /** A fixed port (the load suite's own); a free one when omitted. */
  port?: number;
  /** 50 when omitted; several app processes with their pools and job runners need more. */
  maxConnections?: number;
  /** 32MB when omitted. */
  sharedBuffers?: string;
}

export async function startPrivatePostgres(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  const bin = findBinDir();
  const user = systemUser();
  const root = mkdtempSync(path.join(os.tmpdir(), 'jinsha-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const port = options.port ?? (await restartablePort());
  const exec = (program: string, args: string[]) =>
    user
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: root })
      : run(path.join(bin, program), args, { cwd: root });

  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 50}`,
    `-c shared_buffers=${options.sharedBuffers ?? '32MB'}`,
  ].join(' ');
  const start = async () => {
    await exec('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(root, 'server.log'), '-w', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  await start();
  let disposed = false;
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile: path.join(root, 'server.log'),
    start,
    stop,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await stop('immediate').catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
