/**
 * What the browser plug-in polls: the newest published release (and whether the asking version is
 * still supported) and the enabled scripts that release bundles, their content parsed.
 */
import { and, asc, eq } from 'drizzle-orm';
import semver from 'semver';
import type { PluginLatestRelease, PluginScripts } from '#contract/api/plugin';
import type { Executor } from '../db/client';
import { appVersionScripts, scripts, scriptVersions } from '../db/schema';
import { latestPublishedRelease, semverOf } from './releases';

export async function latestReleaseFor(db: Executor, askingVersion: string): Promise<PluginLatestRelease> {
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

export async function pluginScripts(db: Executor): Promise<PluginScripts> {
  const latest = await latestPublishedRelease(db);
  if (!latest) return { release: null, scripts: [] };
  const rows = await db
    .select({ id: scripts.id, kind: scripts.kind, name: scripts.name, version: scriptVersions.version, content: scriptVersions.content })
    .from(appVersionScripts)
    .innerJoin(scriptVersions, eq(scriptVersions.id, appVersionScripts.scriptVersionId))
    .innerJoin(scripts, eq(scripts.id, scriptVersions.scriptId))
    .where(and(eq(appVersionScripts.appVersionId, latest.id), eq(scripts.enabled, true)))
    .orderBy(asc(scripts.kind), asc(scripts.name), asc(scripts.id));
  return { release: latest.version, scripts: rows.map((row) => ({ ...row, content: JSON.parse(row.content) as unknown })) };
}
