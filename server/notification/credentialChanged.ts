/**
 * 账号安全变更 (ASVS 6.3.7): the account hears in its bell that its password, e-mail or second factors
 * changed, in the transaction of the change. Sent with no actor, so that the owner hears of its own
 * changes too: a change the owner did not make is the one worth hearing of.
 */
import type { CredentialChange } from '#contract/notifications';
import type { Executor } from '../db/client';
import { announce } from './announce';

export async function announceCredentialChange(tx: Executor, accountId: number, change: CredentialChange): Promise<void> {
  await announce(tx, {
    kind: 'account.credentialChanged',
    record: accountId,
    recipientId: accountId,
    actorId: null,
    data: { change, at: new Date().toISOString() },
  });
}
