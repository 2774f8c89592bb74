/**
 * 不是我 (`profile/notMe`): the account says a new-device sign-in it was told of was not its own.
 * Every session of the account ends ('notMe', the current one too), the account is disabled for
 * review (staff enable it again in 用户管理 after talking to its holder, as for any disabled
 * account; the last enabled super administrator is not disabled, the rule of 用户管理, only its
 * sessions end), and a `notMe` security event and an audit entry are written.
 */
import { and, eq } from 'drizzle-orm';
import type { NotMeBody, NotMeResult } from '#contract/api/profile';
import { NOT_ME_KIND } from '#contract/notifications';
import { accounts, notifications, sessions } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import type { CallContext } from '../context';
import { endSessions } from '../auth/sessions';
import { assertAnotherSuperAdministrator, lockSuperAdministrators } from '../account/admin';
import { SECURITY_EVENT_MESSAGES } from './messages';
import { recordSecurityEvent } from './record';

export async function notMe({ db, account, audit, ip, userAgent, log }: CallContext, body: NotMeBody): Promise<NotMeResult> {
  const result = await db.transaction(async (tx) => {
    await lockSuperAdministrators(tx);
    const [notice] = await tx
      .select({ id: notifications.id, data: notifications.data })
      .from(notifications)
      .where(
        and(eq(notifications.id, body.notificationId), eq(notifications.recipientId, account.id), eq(notifications.kind, NOT_ME_KIND)),
      );
    if (!notice) throw badParameter('notificationId', SECURITY_EVENT_MESSAGES.noSuchNotice);
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)).for('no key update');
    const sessionsEnded = (await endSessions(tx, 'notMe', eq(sessions.accountId, account.id))).length;
    const disabled = await assertAnotherSuperAdministrator(tx, account.id).then(
      () => true,
      (error) => {
        if (error instanceof Refusal) return false;
        throw error;
      },
    );
    if (disabled) await tx.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, account.id));
    await audit(tx, {
      action: 'profile.notMe',
      targetType: 'account',
      targetId: account.id,
      before: { status: 'enabled' },
      after: { status: disabled ? 'disabled' : 'enabled', sessionsEnded, notificationId: notice.id, signIn: notice.data },
    });
    return { sessionsEnded, disabled, signIn: notice.data };
  });
  await recordSecurityEvent(
    db,
    {
      kind: 'notMe',
      accountId: account.id,
      username: account.username,
      path: 'profile/notMe',
      ip,
      userAgent,
      detail: {
        sessionsEnded: result.sessionsEnded,
        disabled: result.disabled,
        notificationId: body.notificationId,
        signIn: result.signIn,
      },
    },
    log,
  );
  return { sessionsEnded: result.sessionsEnded, disabled: result.disabled };
}
