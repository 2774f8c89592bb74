import { stopPostgres } from './postgres';

export default async function globalTeardown() {
  const running = globalThis.__TEST_POSTGRES__;
  if (running) {
    await stopPostgres(running);
    globalThis.__TEST_POSTGRES__ = undefined;
  }
}
