// Starts and stops a real `writeit serve` on a free loopback port with a temporary SQLite database
// seeded with the starter content (used by the global setup, and by tests that need a server of
// their own, e.g. to deploy a second build).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = resolve(webDir, '..');

/** The web build the tests run against: WRITEIT_E2E_DIST, else web/dist. */
export function distDir(): string {
  return process.env.WRITEIT_E2E_DIST ? resolve(process.env.WRITEIT_E2E_DIST) : join(webDir, 'dist');
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

function waitForUrl(child: ChildProcess, log: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`writeit serve did not start in ${timeoutMs} ms:\n${log()}`)), timeoutMs);
    const onData = () => {
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(log());
      if (match?.[1]) {
        clearTimeout(timer);
        child.removeListener('exit', onExit);
        resolveUrl(match[1]);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`writeit serve exited (${code ?? signal}) before listening:\n${log()}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Starts `writeit serve` (binary: WRITEIT_BIN, else ../target/debug/writeit) serving `webDist`;
 * `env` adds settings (e.g. WRITEIT_RECENT_SIGN_IN_SECONDS). */
export async function startServer(webDist: string = distDir(), env: Record<string, string> = {}): Promise<RunningServer> {
  const bin = process.env.WRITEIT_BIN ? resolve(process.env.WRITEIT_BIN) : join(repoDir, 'target/debug/writeit');
  if (!existsSync(bin)) {
    throw new Error(`No server binary at ${bin}: run \`cargo build -p writeit-server\` or set WRITEIT_BIN.`);
  }
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${webDist}: run \`npm run build\` first.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'writeit-e2e-'));
  // --dev-tokens: tests may call as made-up users with `writeit token`.
  const args = ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir, '--starter-dir', join(repoDir, 'data/starter'), '--web-dir', webDist, '--dev-tokens'];
  const child = spawn(bin, args, {
    cwd: webDir,
    env: { ...process.env, NO_COLOR: '1', RUST_LOG: process.env.RUST_LOG ?? 'warn,writeit_server=info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
    if (process.env.WRITEIT_E2E_VERBOSE) process.stderr.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  let url: string;
  try {
    url = await waitForUrl(child, () => output, 60_000);
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
