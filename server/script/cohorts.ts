/**
 * Which version of a script each account is served while a canary runs (contract/rollout.ts): the
 * canary's version inside its cohort, the stable one outside. Apart from ./rollout.ts so that
 * `plugin/scripts` needs nothing of the script screens.
 */
import { eq, sql } from 'drizzle-orm';
import type { PluginScript } from '#contract/api/plugin';
import { inCohort } from '#contract/rollout';
import type { Executor } from '../db/client';
import { scriptRollouts, scriptVersions } from '../db/schema';

/**
 * The live scripts as `accountId` is served them: a script whose canary leaves this account out
 * at its stable version. One query for the running canaries (usually none), one for the stable texts.
 */
export async function forAccount(db: Executor, live: PluginScript[], accountId: number): Promise<PluginScript[]> {
  const canaries = await db
    .select({
      scriptId: scriptRollouts.scriptId,
      stableVersion: scriptRollouts.stableVersion,
      accountIds: scriptRollouts.accountIds,
      percent: scriptRollouts.percent,
    })
    .from(scriptRollouts)
    .where(eq(scriptRollouts.status, 'canary'));
  const outside = canaries.filter((canary) => !inCohort(canary, accountId));
  if (outside.length === 0) return live;
  const stable = await db
    .select({ scriptId: scriptVersions.scriptId, version: scriptVersions.version, content: scriptVersions.content })
    .from(scriptVersions)
    .where(
      sql`(${scriptVersions.scriptId}, ${scriptVersions.version}) in (${sql.join(
        outside.map((canary) => sql`(${canary.scriptId}, ${canary.stableVersion})`),
        sql`, `,
      )})`,
    );
  return live.map((script) => {
    const found = stable.find((row) => row.scriptId === script.id);
    return found ? { ...script, version: found.version, content: JSON.parse(found.content) as unknown } : script;
  });
}
