/**
 * `plugin/*`: what the browser plug-in polls with the account's token: the newest published
 * release (and whether its own version is still supported) and the enabled scripts that release
 * bundles. Both answer with an ETag, so an unchanged answer costs a 304 with no body.
 */
import { sql } from 'drizzle-orm';
import semver from 'semver';
import type { PluginScript } from '#contract/api/plugin';
import { queryRows } from '../db/query';
import { defineCall } from '../http/calls';
import { latestPublishedRelease, semverOf } from './appVersion';

const latestRelease = defineCall('plugin/latestRelease', async ({ db, body }) => {
  const asking = semverOf('version', body.version);
  const latest = await latestPublishedRelease(db);
  if (!latest) return { latest: null, supported: true, updateAvailable: false };
  const { version, changelog, downloadUrl, minSupportedVersion, releasedAt } = latest;
  return {
    latest: {
      version,
      changelog,
      downloadUrl,
      minSupportedVersion,
      releasedAt,
    },
    supported: semver.gte(asking, minSupportedVersion),
    updateAvailable: semver.gt(version, asking),
  };
});

const scripts = defineCall('plugin/scripts', async ({ db }) => {
  const latest = await latestPublishedRelease(db);
  if (!latest) return { release: null, scripts: [] };
  const rows = await queryRows<Omit<PluginScript, 'content'> & { content: string }>(
    db,
    sql`select s.id, s.kind, s.name, v.version, v.content
        from app_version_scripts b
        join script_versions v on v.id = b.script_version_id
        join scripts s on s.id = v.script_id
        where b.app_version_id = ${latest.id} and s.enabled
        order by s.kind, s.name, s.id`,
  );
  return {
    release: latest.version,
    scripts: rows.map((row) => ({ ...row, content: JSON.parse(row.content) })),
  };
});

export const pluginCalls = [latestRelease, scripts];
