// Vitest global setup: one real `writeit serve` (free loopback port, temporary data folder,
// starter content; see contract/server.ts) for the whole run, plus a tiny loopback endpoint that
// mints ID tokens with `writeit token`, so tests need no Node APIs. Builds nothing: run
// `cargo build -p writeit-server` first (or set WRITEIT_BIN).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startServer, type Role } from './contract/server';
import './src/db/testing/provided';

const ROLES: readonly Role[] = ['user', 'editor', 'admin'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  const mint = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const sub = q.get('sub');
    const role = (q.get('role') ?? 'user') as Role;
    const langs = q.get('langs')?.split(',').filter(Boolean);
    if (!sub || !ROLES.includes(role)) {
      res.writeHead(400).end('sub and role (user, editor, admin) are required');
      return;
    }
    server.token(sub, role, langs).then(
      (token) => res.writeHead(200, { 'content-type': 'text/plain' }).end(token),
      (e: unknown) => res.writeHead(500).end(String(e)),
    );
  });
  await new Promise<void>((ok) => mint.listen(0, '127.0.0.1', ok));
  const { port } = mint.address() as AddressInfo;
  project.provide('writeit', {
    url: server.url,
    trpcUrl: server.trpcUrl,
    mintUrl: `http://127.0.0.1:${port}/token`,
  });
  return async () => {
    await new Promise<void>((ok) => mint.close(() => ok()));
    await server.stop();
  };
}
