/**
 * Four-eyes approval of a script change (contract/review.ts): the live name, state and version take
 * the draft's, so the plug-in receives them. Locks as every script change does (the script set's
 * advisory lock, then the script's row) and refuses an approval that would hand the plug-ins a set
 * they refuse. With a cohort, the new version starts as a canary (./rollout.ts); while one runs, the
 * script takes no other approval.
 */
import { eq, sql } from 'drizzle-orm';
import type { ScriptApproveBody, ScriptDetail } from '#contract/api/script';
import { CODES } from '#contract/codes';
import { scriptRecordKey } from '#contract/notifications';
import { REVIEW_TEXT } from '#contract/review';
import { scripts } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { announce, resolveAnnouncement } from '../notification/announce';
import { approverOf, selfApprovalReason } from '../review/approver';
import { keepingSetWhole, scriptDetail, scriptPending, scriptSiteRules } from './scripts';
import { SCRIPT_MESSAGES } from './messages';
import { startRolloutIfAsked } from './rollout';
import type { CallContext } from '../context';

/** The side of a script the audit entry shows: name, state, version and the version's text. */
const reviewedSide = (name: string | null, enabled: boolean, version: number | null, content: string | null) => ({
  name,
  enabled,
  version,
  content,
});

export async function approveScript({ db, account, snapshot, audit, config }: CallContext, body: ScriptApproveBody) {
  const approver = approverOf(account, snapshot);
  const sites = scriptSiteRules(config);
  await db.transaction((tx) =>
    keepingSetWhole(tx, 'live', 'id', SCRIPT_MESSAGES.liveSetBroken, sites, async () => {
      const [script] = await tx
        .select({ revision: scripts.revision, pendingAuthors: scripts.pendingAuthors, pending: scriptPending })
        .from(scripts)
        .where(eq(scripts.id, body.id))
        .for('update');
      if (!script) throw badParameter('id', SCRIPT_MESSAGES.missing);
      if (!script.pending) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.nothingPending);
      if (script.revision !== body.revision) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.changedSinceReview);
      const reason = selfApprovalReason(approver, script.pendingAuthors, body.reason);
      const before: ScriptDetail = await scriptDetail(tx, body.id);
      await startRolloutIfAsked(tx, {
        scriptId: body.id,
        live: { name: before.liveName, enabled: before.liveEnabled, version: before.liveVersion },
        draft: { name: before.name, enabled: before.enabled, version: before.currentVersion },
        authors: script.pendingAuthors,
        cohort: body.rollout,
        actorId: approver.id,
      });
      await tx
        .update(scripts)
        .set({
          liveName: scripts.name,
          liveEnabled: scripts.enabled,
          liveVersion: scripts.currentVersion,
          pendingAuthors: sql`'{}'::int[]`,
          approvedBy: approver.id,
          approvedAt: sql`now()`,
        })
        .where(eq(scripts.id, body.id));
      await audit(tx, {
        action: 'script.approve',
        targetType: 'script',
        targetId: body.id,
        before: reviewedSide(before.liveName, before.liveEnabled, before.liveVersion, before.liveContent),
        after: {
          ...reviewedSide(before.name, before.enabled, before.currentVersion, before.content),
          authors: before.pendingAuthors,
          ...(reason ? { selfApprovalReason: reason } : {}),
          ...(body.rollout ? { rollout: body.rollout } : {}),
        },
      });
      const record = scriptRecordKey({ kind: before.kind, id: body.id });
      await resolveAnnouncement(tx, 'script.reviewRequested', record);
      if (reason) {
        await announce(tx, {
          kind: 'script.selfApproved',
          record,
          data: { name: before.name, username: approver.username, reason },
          actorId: approver.id,
        });
      }
    }),
  );
  return scriptDetail(db, body.id);
}
