/**
 * What the browser plug-in polls: the newest published release (and whether the asking version is
 * still supported), and the scripts it runs: every script a second account approved, at its
 * approved name, state and version, so an approved edit drives the plug-in's next flow. A release's
 * bundle (app_version_scripts) stays the record of what shipped with that version; it does not
 * choose what the plug-in runs.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import semver from 'semver';
import type { PluginInstallLink, PluginLatestRelease, PluginScripts } from '#contract/api/plugin';
import type { Executor } from '../db/client';
import { scripts, scriptVersions } from '../db/schema';
import { latestPublishedRelease, semverOf } from '../appVersion/releases';
import type { CallContext, PublicCallContext } from '../context';
import { pluginControls } from './controls';
import { forAccount } from '../script/cohorts';

/** Where 安装插件 goes: the configured store page, else the newest published release's download, else nowhere. */
export async function installLink({ db, config }: PublicCallContext): Promise<PluginInstallLink> {
  const storeUrl = config.pluginStoreUrl;
  if (storeUrl) return { url: storeUrl, source: 'store', version: null };
  const latest = await latestPublishedRelease(db);
  return latest ? { url: latest.downloadUrl, source: 'release', version: latest.version } : { url: null, source: null, version: null };
}

export async function latestReleaseFor({ db }: CallContext, { version: askingVersion }: { version: string }): Promise<PluginLatestRelease> {
  const asking = semverOf('version', askingVersion);
  const latest = await latestPublishedRelease(db);
  if (!latest) return { latest: null, supported: true, updateAvailable: false };
  const { version, changelog, downloadUrl, minSupportedVersion, releasedAt } = latest;
  return {
    latest: { version, changelog, downloadUrl, minSupportedVersion, releasedAt },
    supported: semver.gte(asking, minSupportedVersion),
    updateAvailable: semver.gt(version, asking),
  };
}

/**
 * `live`: what the plug-in receives, the approved names, states and versions (four-eyes,
 * contract/review.ts); `draft`: the editors' present names, states and versions, which the plug-in
 * would receive once every pending change is approved.
 */
export type ScriptSet = 'live' | 'draft';

const SET_COLUMNS = {
  live: { name: scripts.liveName, enabled: scripts.liveEnabled, version: scripts.liveVersion },
  draft: { name: scripts.name, enabled: scripts.enabled, version: scripts.currentVersion },
} as const;

/** The enabled scripts of a set, content parsed, in a stable order (kind, name, id). */
export async function scriptSet(db: Executor, set: ScriptSet): Promise<Pick<PluginScripts, 'scripts'>> {
  const columns = SET_COLUMNS[set];
  const rows = await db
    .select({
      id: scripts.id,
      kind: scripts.kind,
      name: sql<string>`${columns.name}`,
      version: scriptVersions.version,
      content: scriptVersions.content,
    })
    .from(scripts)
    .innerJoin(scriptVersions, and(eq(scriptVersions.scriptId, scripts.id), eq(scriptVersions.version, columns.version)))
    .where(eq(columns.enabled, true))
    .orderBy(asc(scripts.kind), asc(columns.name), asc(scripts.id));
  return { scripts: rows.map((row) => ({ ...row, content: JSON.parse(row.content) as unknown })) };
}

/**
 * What the plug-in runs: the approved set as this account is served it (a canary's stable version
 * outside its cohort, ../script/rollout.ts), with the paused flows and the pacing it keeps
 * (./controls). The call's ETag is a hash of this answer, so it changes with an approval, a
 * rollout's end, a pause or a pacing change, and only then.
 */
export async function pluginScripts({ db, account }: CallContext): Promise<PluginScripts> {
  const { scripts: live } = await scriptSet(db, 'live');
  return { scripts: await forAccount(db, live, account.id), ...(await pluginControls(db)) };
}
