// What the Vitest global setup (vitest.global-setup.ts) provides to tests.
import type {} from 'vitest';
export interface WriteitTestServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `${url}/api/trpc` */
  trpcUrl: string;
  /** GET `${mintUrl}?sub=U&role=user|editor|admin[&langs=ko,ja]` answers a signed ID token. */
  mintUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    writeit: WriteitTestServer;
  }
}
