/**
 * Plug-in releases and the script versions each one bundles. Versions are semver, unique and
 * strictly increasing (creations take turns on an advisory lock); a release's bundle is frozen
 * once it has been published. A change locks the release's row first. Queries use drizzle's
 * builder on `schema.appVersions` and `schema.appVersionScripts`.
 */
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import semver from 'semver';
import type { Page } from '#contract/api/common';
import type {
  BundleScript,
  Release,
  ReleaseBundle,
  ReleaseCreateBody,
  ReleaseListQuery,
  ReleaseSetBundleBody,
  ReleaseUpdateBody,
} from '#contract/api/appVersion';
import { CODES } from '#contract/codes';
import { cleanVersion, CONTENT_TEXT, downloadUrlProblem, minSupportedProblem, versionProblem, type ReleaseStatus } from '#contract/content';
import type { AuditWriter } from '../audit';
import type { Db, Executor } from '../db/client';
import { pageOf } from '../db/paging';
import { containsPattern } from '../db/query';
import { appVersions, appVersionScripts, scripts, scriptVersions } from '../db/schema';
import { badParameter, Refusal } from '../http/respond';
import { announce, resolveAnnouncement } from '../notifications/announce';

const iso = (date: Date) => date.toISOString();

/** `v1.2.3` → `1.2.3`; refuses what is not semver, naming the field. */
export function semverOf(field: 'version' | 'minSupportedVersion', text: string): string {
  const problem = versionProblem(field, text);
  if (problem) throw badParameter(field, problem);
  return cleanVersion(text)!;
}

function checkDownloadUrl(url: string): string {
  const problem = downloadUrlProblem(url);
  if (problem) throw badParameter('downloadUrl', problem);
  return url.trim();
}

function checkMinSupported(minText: string, version: string): string {
  const min = semverOf('minSupportedVersion', minText);
  const problem = minSupportedProblem(min, version);
  if (problem) throw badParameter('minSupportedVersion', problem);
  return min;
}

const releaseColumns = {
  id: appVersions.id,
  version: appVersions.version,
  changelog: appVersions.changelog,
  downloadUrl: appVersions.downloadUrl,
  minSupportedVersion: appVersions.minSupportedVersion,
  status: appVersions.status,
  releasedAt: appVersions.releasedAt,
  createdAt: appVersions.createdAt,
  updatedAt: appVersions.updatedAt,
  scriptCount: sql<number>`(select count(*)::int from ${appVersionScripts} where ${appVersionScripts.appVersionId} = ${appVersions.id})`,
};

type ReleaseRow = Omit<typeof appVersions.$inferSelect, 'createdBy'> & { scriptCount: number };

const toRelease = (row: ReleaseRow): Release => ({
  ...row,
  releasedAt: row.releasedAt && iso(row.releasedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** One release; A0400 when there is none. `lock` takes its row for an update. */
async function releaseById(db: Executor, id: number, lock = false): Promise<Release> {
  const query = db.select(releaseColumns).from(appVersions).where(eq(appVersions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw badParameter('id', '该版本不存在');
  return toRelease(row);
}

/** The newest published release (by semver), with its row id, or undefined. */
export async function latestPublishedRelease(db: Executor): Promise<Release | undefined> {
  const rows = await db.select(releaseColumns).from(appVersions).where(eq(appVersions.status, 'published'));
  return rows.map(toRelease).sort((a, b) => semver.rcompare(a.version, b.version))[0];
}

/** Serialises the version checks of concurrent creations. */
const lockReleaseNumbering = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_versions.version'))`);

export async function listReleases(db: Executor, query: ReleaseListQuery): Promise<Page<Release>> {
  const { current, pageSize, offset } = pageOf(query);
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(appVersions.status, query.status));
  const version = query.version?.trim();
  if (version) filters.push(ilike(appVersions.version, containsPattern(version)));
  const where = and(...filters);
  // Versions only ever increase, so creation order is semver order.
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(releaseColumns)
      .from(appVersions)
      .where(where)
      .orderBy(desc(appVersions.createdAt), desc(appVersions.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(appVersions).where(where),
  ]);
  return { list: rows.map(toRelease), total, current, pageSize };
}

export async function createRelease(db: Db, actorId: number, body: ReleaseCreateBody, audit: AuditWriter): Promise<Release> {
  const version = semverOf('version', body.version);
  const minSupportedVersion = checkMinSupported(body.minSupportedVersion, version);
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  const id = await db.transaction(async (tx) => {
    await lockReleaseNumbering(tx);
    const existing = await tx.select({ version: appVersions.version }).from(appVersions);
    if (existing.some((row) => semver.eq(row.version, version))) throw badParameter('version', `版本号 ${version} 已存在`);
    const highest = existing.map((row) => row.version).sort(semver.rcompare)[0];
    if (highest && semver.lte(version, highest)) throw badParameter('version', `版本号应高于已有的最高版本 ${highest}`);
    const [row] = await tx
      .insert(appVersions)
      .values({ version, changelog: body.changelog, downloadUrl, minSupportedVersion, createdBy: actorId })
      .returning({ id: appVersions.id });
    await audit(tx, {
      action: 'appVersion.create',
      targetType: 'appVersion',
      targetId: row.id,
      after: { version, minSupportedVersion, downloadUrl },
    });
    return row.id;
  });
  return releaseById(db, id);
}

export async function updateRelease(db: Db, body: ReleaseUpdateBody, audit: AuditWriter): Promise<Release> {
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, body.id, true);
    const minSupportedVersion = checkMinSupported(body.minSupportedVersion, before.version);
    if (before.status === 'published' && !downloadUrl) throw badParameter('downloadUrl', '已发布的版本必须有下载地址');
    await tx
      .update(appVersions)
      .set({ changelog: body.changelog, downloadUrl, minSupportedVersion, updatedAt: sql`now()` })
      .where(eq(appVersions.id, body.id));
    await audit(tx, {
      action: 'appVersion.update',
      targetType: 'appVersion',
      targetId: body.id,
      before: { changelog: before.changelog, downloadUrl: before.downloadUrl, minSupportedVersion: before.minSupportedVersion },
      after: { changelog: body.changelog, downloadUrl, minSupportedVersion },
    });
  });
  return releaseById(db, body.id);
}

const STATUS_CHANGES = {
  publish: { from: ['draft', 'withdrawn'], to: 'published', refusal: '只有草稿或已撤回的版本可以发布' },
  withdraw: { from: ['published'], to: 'withdrawn', refusal: '只有已发布的版本可以撤回' },
} as const satisfies Record<string, { from: readonly ReleaseStatus[]; to: ReleaseStatus; refusal: string }>;

/**
 * Publishes (stamping the first release time) or withdraws a release, audited as `appVersion.<change>`.
 * Publishing tells every account (and the earlier releases' notices stop counting as unread);
 * withdrawing takes its notice out of the unread ones.
 */
export async function changeReleaseStatus(
  db: Db,
  actorId: number,
  id: number,
  change: keyof typeof STATUS_CHANGES,
  audit: AuditWriter,
): Promise<Release> {
  const { from, to, refusal } = STATUS_CHANGES[change];
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, id, true);
    if (!(from as readonly ReleaseStatus[]).includes(before.status)) throw new Refusal(CODES.BAD_PARAMETERS, refusal);
    if (to === 'published' && !before.downloadUrl) throw badParameter('downloadUrl', '发布前请填写下载地址');
    await tx
      .update(appVersions)
      .set(
        to === 'published'
          ? { status: to, updatedAt: sql`now()`, releasedAt: sql`coalesce(${appVersions.releasedAt}, now())` }
          : { status: to, updatedAt: sql`now()` },
      )
      .where(eq(appVersions.id, id));
    await audit(tx, {
      action: `appVersion.${change}`,
      targetType: 'appVersion',
      targetId: id,
      before: { status: before.status },
      after: { status: to },
    });
    if (to === 'published') {
      await resolveAnnouncement(tx, 'release.published', id, { allBut: true });
      await announce(tx, {
        kind: 'release.published',
        record: id,
        data: { version: before.version, changelog: before.changelog },
        actorId,
      });
    } else {
      await resolveAnnouncement(tx, 'release.published', id);
    }
  });
  return releaseById(db, id);
}

/** Deletes a draft (a published or withdrawn release stays). */
export async function deleteRelease(db: Db, id: number, audit: AuditWriter): Promise<null> {
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, id, true);
    if (before.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, '只有草稿可以删除，已发布的版本请撤回');
    await tx.delete(appVersions).where(eq(appVersions.id, id));
    await audit(tx, { action: 'appVersion.delete', targetType: 'appVersion', targetId: id, before });
  });
  return null;
}

/** Every script with all its versions, newest first, and which one the release bundles. */
export async function bundleOf(db: Executor, id: number): Promise<ReleaseBundle> {
  const release = await releaseById(db, id);
  const rows = await db
    .select({
      scriptId: scripts.id,
      kind: scripts.kind,
      name: scripts.name,
      enabled: scripts.enabled,
      currentVersion: scripts.currentVersion,
      versionId: scriptVersions.id,
      version: scriptVersions.version,
      note: scriptVersions.note,
      createdAt: scriptVersions.createdAt,
      selected: sql<boolean>`exists (select 1 from ${appVersionScripts}
        where ${appVersionScripts.appVersionId} = ${id} and ${appVersionScripts.scriptVersionId} = ${scriptVersions.id})`,
    })
    .from(scripts)
    .innerJoin(scriptVersions, eq(scriptVersions.scriptId, scripts.id))
    .orderBy(scripts.kind, scripts.name, scripts.id, desc(scriptVersions.version));
  const bundled = new Map<number, BundleScript>();
  for (const row of rows) {
    let script = bundled.get(row.scriptId);
    if (!script) {
      script = {
        scriptId: row.scriptId,
        kind: row.kind,
        name: row.name,
        enabled: row.enabled,
        currentVersion: row.currentVersion,
        selectedVersionId: null,
        selectedVersion: null,
        versions: [],
      };
      bundled.set(row.scriptId, script);
    }
    script.versions.push({ versionId: row.versionId, version: row.version, note: row.note, createdAt: iso(row.createdAt) });
    if (row.selected) {
      script.selectedVersionId = row.versionId;
      script.selectedVersion = row.version;
    }
  }
  return { release, frozen: release.status !== 'draft', scripts: [...bundled.values()] };
}

/** Replaces a draft's bundle: existing script versions, at most one per script. */
export async function setBundle(db: Db, body: ReleaseSetBundleBody, audit: AuditWriter): Promise<ReleaseBundle> {
  await db.transaction(async (tx) => {
    const release = await releaseById(tx, body.id, true);
    if (release.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, CONTENT_TEXT.bundleFrozen);
    const ids = body.scriptVersionIds;
    const found = ids.length
      ? await tx
          .select({ id: scriptVersions.id, scriptId: scriptVersions.scriptId })
          .from(scriptVersions)
          .where(inArray(scriptVersions.id, ids))
      : [];
    if (found.length !== ids.length) throw badParameter('scriptVersionIds', '所选脚本版本中有不存在的版本');
    if (new Set(found.map((row) => row.scriptId)).size !== found.length) {
      throw badParameter('scriptVersionIds', '同一脚本只能选择一个版本');
    }
    const ofRelease = eq(appVersionScripts.appVersionId, body.id);
    const before = await tx
      .select({ id: appVersionScripts.scriptVersionId })
      .from(appVersionScripts)
      .where(ofRelease)
      .orderBy(appVersionScripts.scriptVersionId);
    await tx.delete(appVersionScripts).where(ofRelease);
    for (const versionId of ids) {
      await tx.insert(appVersionScripts).values({ appVersionId: body.id, scriptVersionId: versionId });
    }
    await tx
      .update(appVersions)
      .set({ updatedAt: sql`now()` })
      .where(eq(appVersions.id, body.id));
    await audit(tx, {
      action: 'appVersion.setBundle',
      targetType: 'appVersion',
      targetId: body.id,
      before: { scriptVersionIds: before.map((row) => row.id) },
      after: { scriptVersionIds: [...ids].sort((a, b) => a - b) },
    });
  });
  return bundleOf(db, body.id);
}
