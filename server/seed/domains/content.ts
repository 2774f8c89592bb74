import type { Tx } from '../../db/client';

/** Demo data of this domain (CONSOLE_DEMO=1); idempotent: it only inserts what is missing. */
export async function seedDemoContent(_tx: Tx): Promise<void> {}
