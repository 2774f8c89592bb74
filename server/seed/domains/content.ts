import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryOne } from '../../db/query';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import { scriptContentProblem } from '#contract/content';
import { REFERENCE_PLUGIN_VERSION } from '#contract/constants';
import { SCRIPT_SEEDS, type ScriptSeed } from './scriptSeeds';

export { SCRIPT_SEEDS };

/** The release of the reference extension as this repository builds it. */
export const DEMO_RELEASE = {
  version: REFERENCE_PLUGIN_VERSION,
  minSupportedVersion: '0.9.0',
  changelog: '首个正式版本：店铺绑定、达人邀约与停止。',
  downloadUrl: 'https://chromewebstore.google.com/',
};

/**
 * A demo database made before the step language holds the old free-form demo scripts: their
 * current version is not a valid script any more (the plug-in would refuse the whole set), so the
 * seed's latest version becomes a new version. Scripts staff changed into valid ones are left
 * alone; history is kept; no release is published (staff bundle and publish one in APP管理).
 */
async function upgradeDemoScript(
  tx: Tx,
  seed: ScriptSeed,
  current: { id: number; currentVersion: number; content: string },
  actor: number | null,
) {
  // The demo's scripts run on the local test pages, which a demo server counts as sites.
  if (!scriptContentProblem(seed.kind, current.content, { testSites: true })) return;
  const version = current.currentVersion + 1;
  const latest = seed.versions[seed.versions.length - 1];
  await tx.execute(
    sql`insert into script_versions (script_id, version, content, note, created_by)
        values (${current.id}, ${version}, ${JSON.stringify(latest.content, null, 2)}, ${DEMO_UPGRADE_NOTE}, ${actor})`,
  );
  await tx.execute(
    // A seed is a reviewed change of the code: it is live at once.
    sql`update scripts set current_version = ${version}, live_version = ${version}, live_name = name, live_enabled = enabled,
          updated_by = ${actor}, updated_at = now() where id = ${current.id}`,
  );
}

export const DEMO_UPGRADE_NOTE = '改写为步骤语言';

/** Demo scripts (two versions each), one published release bundling their latest versions. */
export async function seedDemoContent(tx: Tx): Promise<void> {
  const admin = await queryOne<{ id: number }>(tx, sql`select id from accounts where username = ${DEMO_ACCOUNTS.superAdmin.username}`);
  const actor = admin?.id ?? null;
  const latestVersionIds: number[] = [];
  for (const seed of SCRIPT_SEEDS) {
    const existing = await queryOne<{ id: number; currentVersion: number; content: string }>(
      tx,
      sql`select s.id, s.current_version as "currentVersion", v.content from scripts s
          join script_versions v on v.script_id = s.id and v.version = s.current_version
          where s.kind = ${seed.kind} and s.name = ${seed.name}`,
    );
    if (existing) {
      await upgradeDemoScript(tx, seed, existing, actor);
      continue;
    }
    const script = await queryOne<{ id: number }>(
      tx,
      sql`insert into scripts (kind, name, current_version, updated_by, live_name, live_enabled, live_version)
          values (${seed.kind}, ${seed.name}, ${seed.versions.length}, ${actor}, ${seed.name}, true, ${seed.versions.length}) returning id`,
    );
    for (const [index, version] of seed.versions.entries()) {
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into script_versions (script_id, version, content, note, created_by)
            values (${script!.id}, ${index + 1}, ${JSON.stringify(version.content, null, 2)}, ${version.note}, ${actor}) returning id`,
      );
      if (index === seed.versions.length - 1) latestVersionIds.push(row!.id);
    }
  }
  const release = await queryOne<{ id: number }>(tx, sql`select id from app_versions where version = ${DEMO_RELEASE.version}`);
  if (release || latestVersionIds.length === 0) return;
  const created = await queryOne<{ id: number }>(
    tx,
    sql`insert into app_versions (version, changelog, download_url, min_supported_version, status, released_at, created_by)
        values (${DEMO_RELEASE.version}, ${DEMO_RELEASE.changelog}, ${DEMO_RELEASE.downloadUrl}, ${DEMO_RELEASE.minSupportedVersion},
                'published', now(), ${actor}) returning id`,
  );
  for (const versionId of latestVersionIds) {
    await tx.execute(sql`insert into app_version_scripts (app_version_id, script_version_id) values (${created!.id}, ${versionId})`);
  }
}
