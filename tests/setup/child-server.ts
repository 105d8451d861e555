import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Whether nothing listens on 127.0.0.1:port. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface LogLine {
  level?: number;
  msg?: string;
  [key: string]: unknown;
}

/** Calls `onLine` with each pino line the child writes, parsed; returns a function that stops listening. */
function onLogLines(child: ChildProcess, onLine: (line: LogLine) => void): () => void {
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      let line: LogLine;
      try {
        line = JSON.parse(part) as LogLine;
      } catch {
        continue; // Not a log line.
      }
      onLine(line);
    }
  };
  child.stdout?.on('data', onData);
  return () => child.stdout?.off('data', onData);
}

/** Every pino line a child writes, parsed, as it arrives. */
export function collectLogs(child: ChildProcess): LogLine[] {
  const lines: LogLine[] = [];
  onLogLines(child, (line) => lines.push(line));
  return lines;
}

/** Resolves with the first pino log line for which `match` holds. */
export function waitForLog(child: ChildProcess, match: (line: LogLine) => boolean, timeoutMs: number) {
  return new Promise<LogLine>((resolve, reject) => {
    const stop = onLogLines(child, (line) => {
      if (!match(line)) return;
      clearTimeout(timer);
      stop();
      resolve(line);
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching log line within ${timeoutMs} ms`));
    }, timeoutMs);
  });
}

export interface ChildServer {
  child: ChildProcess;
  port: number;
  origin: string;
  /** What the process wrote to stderr (uncaught errors land here). */
  stderr(): string;
  logs: LogLine[];
  /** SIGKILLs the process if it still runs. */
  kill(): Promise<void>;
}

/**
 * The real server (server/index.ts) in a child process, API only (NODE_ENV=test needs no page
 * build), on a free port; resolves once it logs that it listens.
 */
export async function startChildServer(env: Record<string, string>, bootTimeoutMs = 110_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'info',
      // Its writers are minutes-old accounts: the new-account limits are tested on their own.
      NEW_ACCOUNT_LIMITS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const logs = collectLogs(child);
  const exited = once(child, 'exit').then(() => {
    throw new Error(`the server exited during boot: ${stderr}`);
  });
  await Promise.race([waitForLog(child, (line) => line.msg?.includes('is listening') ?? false, bootTimeoutMs), exited]);
  exited.catch(() => {});
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    logs,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    },
  };
}
