// Starts a real `writeit serve` for the contract tests: a free loopback port, a fresh temporary
// data folder (SQLite + signing key), the repository's starter content, and no web app.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);

/** web/ */
const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root. */
const repoDir = resolve(webDir, '..');

export type Role = 'user' | 'editor' | 'admin';

export interface RunningServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  /** `${url}/api/trpc` */
  trpcUrl: string;
  dataDir: string;
  /** An ID token signed with this server's key. */
  token(sub: string, role: Role, langs?: string[]): Promise<string>;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/** The server binary: $WRITEIT_BIN, else ../target/debug/writeit relative to web/. */
export function writeitBin(): string {
  const fromEnv = process.env.WRITEIT_BIN;
  return fromEnv ? resolve(webDir, fromEnv) : join(repoDir, 'target', 'debug', 'writeit');
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      if (addr === null || typeof addr === 'string') {
        srv.close();
        fail(new Error('no port'));
        return;
      }
      const port = addr.port;
      srv.close(() => ok(port));
    });
  });
}

/** The environment without variables that would point the server elsewhere. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'WRITEIT_ADDR',
    'WRITEIT_DATA_DIR',
    'WRITEIT_WEB_DIR',
    'WRITEIT_STARTER_DIR',
    'WRITEIT_LOG_FORMAT',
  ]) {
    delete env[k];
  }
  return env;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => child.once('exit', () => ok()));
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function startServer(timeoutMs = 30_000): Promise<RunningServer> {
  const bin = writeitBin();
  const dataDir = await mkdtemp(join(tmpdir(), 'writeit-contract-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = cleanEnv();
  const child = spawn(
    bin,
    [
      'serve',
      '--addr',
      `127.0.0.1:${port}`,
      '--data-dir',
      dataDir,
      '--starter-dir',
      join(repoDir, 'data', 'starter'),
      '--web-dir',
      join(dataDir, 'no-web-app'),
      // The tests call as made-up users with `writeit token` (see token() below).
      '--dev-tokens',
    ],
    { cwd: repoDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 64_000) log = log.slice(-32_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.on('error', (e) => {
    spawnError = e;
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`cannot start ${bin}: ${spawnError.message} (run \`cargo build -p writeit-server\`)`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`writeit serve exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`writeit serve was not healthy after ${timeoutMs} ms:\n${log}`);
    }
    await sleep(50);
  }

  return {
    url,
    trpcUrl: `${url}/api/trpc`,
    dataDir,
    async token(sub, role, langs) {
      const args = ['token', '--data-dir', dataDir, '--sub', sub, '--role', role];
      if (langs && langs.length > 0) args.push('--langs', langs.join(','));
      const { stdout } = await execFileP(bin, args, { cwd: repoDir, env });
      const token = stdout.trim();
      if (!token) throw new Error(`writeit token printed nothing for ${sub}`);
      return token;
    },
    stop,
  };
}
