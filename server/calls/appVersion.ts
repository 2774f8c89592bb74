/**
 * `appVersion/*`: plug-in releases and the script versions each one bundles. Versions are semver,
 * unique and strictly increasing; a release's bundle is frozen once it has been published.
 */
import { sql } from 'drizzle-orm';
import semver from 'semver';
import { CODES } from '#contract/codes';
import type { BundleScript, Release, ReleaseBundle } from '#contract/api/appVersion';
import { CONTENT_TEXT, type ReleaseStatus } from '#contract/content';
import type { Executor } from '../db/client';
import { containsPattern, queryOne, queryRows, toIso } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { pageOf } from '../db/paging';

const SEMVER_PROBLEM = '应为语义化版本号（如 1.2.3）';

/** `v1.2.3` → `1.2.3`; refuses what is not semver, naming the field. */
export function semverOf(field: string, text: string): string {
  const clean = semver.clean(text.trim());
  if (!clean) throw badParameter(field, SEMVER_PROBLEM);
  return clean;
}

function checkDownloadUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return trimmed;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    throw badParameter('downloadUrl', '不是有效的网址');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badParameter('downloadUrl', '应以 http:// 或 https:// 开头');
  return trimmed;
}

function checkMinSupported(minText: string, version: string): string {
  const min = semverOf('minSupportedVersion', minText);
  if (semver.gt(min, version)) throw badParameter('minSupportedVersion', `不能高于版本号 ${version}`);
  return min;
}

interface ReleaseRow extends Omit<Release, 'releasedAt' | 'createdAt' | 'updatedAt'> {
  releasedAt: unknown;
  createdAt: unknown;
  updatedAt: unknown;
}

const releaseColumns = sql`r.id, r.version, r.changelog, r.download_url as "downloadUrl",
  r.min_supported_version as "minSupportedVersion", r.status, r.released_at as "releasedAt",
  r.created_at as "createdAt", r.updated_at as "updatedAt",
  (select count(*)::int from app_version_scripts b where b.app_version_id = r.id) as "scriptCount"`;

const toRelease = (row: ReleaseRow): Release => ({
  ...row,
  releasedAt: toIso(row.releasedAt),
  createdAt: toIso(row.createdAt)!,
  updatedAt: toIso(row.updatedAt)!,
});

async function releaseById(db: Executor, id: number, lock = false): Promise<Release> {
  const row = await queryOne<ReleaseRow>(db, sql`select ${releaseColumns} from app_versions r where r.id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!row) throw badParameter('id', '对应的版本不存在');
  return toRelease(row);
}

/** The newest published release (by semver), or undefined. */
export async function latestPublishedRelease(db: Executor): Promise<Release | undefined> {
  const rows = await queryRows<ReleaseRow>(db, sql`select ${releaseColumns} from app_versions r where r.status = 'published'`);
  return rows.map(toRelease).sort((a, b) => semver.rcompare(a.version, b.version))[0];
}

/** Serialises the version checks of concurrent creations. */
const lockReleaseNumbering = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_versions.version'))`);

const list = defineCall('appVersion/list', async ({ db, body }) => {
  const { current, pageSize, offset } = pageOf(body);
  const filters = [sql`true`];
  if (body.status) filters.push(sql`r.status = ${body.status}`);
  if (body.version?.trim()) filters.push(sql`r.version ilike ${containsPattern(body.version.trim())}`);
  const where = sql.join(filters, sql` and `);
  // Versions only ever increase, so creation order is semver order.
  const [rows, count] = await Promise.all([
    queryRows<ReleaseRow>(
      db,
      sql`select ${releaseColumns} from app_versions r where ${where}
          order by r.created_at desc, r.id desc limit ${pageSize} offset ${offset}`,
    ),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from app_versions r where ${where}`),
  ]);
  return { list: rows.map(toRelease), total: count?.n ?? 0, current, pageSize };
});

const create = defineCall('appVersion/create', async ({ db, body, account, audit }) => {
  const version = semverOf('version', body.version);
  const minSupportedVersion = checkMinSupported(body.minSupportedVersion, version);
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  const id = await db.transaction(async (tx) => {
    await lockReleaseNumbering(tx);
    const existing = await queryRows<{ version: string }>(tx, sql`select version from app_versions`);
    if (existing.some((row) => semver.eq(row.version, version))) throw badParameter('version', `${version} 已存在`);
    const highest = existing.map((row) => row.version).sort(semver.rcompare)[0];
    if (highest && semver.lte(version, highest)) throw badParameter('version', `应高于已有的最高版本 ${highest}`);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`insert into app_versions (version, changelog, download_url, min_supported_version, created_by)
          values (${version}, ${body.changelog}, ${downloadUrl}, ${minSupportedVersion}, ${account.id}) returning id`,
    );
    await audit(tx, {
      action: 'appVersion.create',
      targetType: 'appVersion',
      targetId: row!.id,
      after: { version, minSupportedVersion, downloadUrl },
    });
    return row!.id;
  });
  return releaseById(db, id);
});

const update = defineCall('appVersion/update', async ({ db, body, account, audit }) => {
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, body.id, true);
    const minSupportedVersion = checkMinSupported(body.minSupportedVersion, before.version);
    if (before.status === 'published' && !downloadUrl) throw badParameter('downloadUrl', '已发布的版本必须有下载地址');
    await tx.execute(
      sql`update app_versions set changelog = ${body.changelog}, download_url = ${downloadUrl},
            min_supported_version = ${minSupportedVersion}, updated_at = now() where id = ${body.id}`,
    );
    await audit(tx, {
      action: 'appVersion.update',
      targetType: 'appVersion',
      targetId: body.id,
      before: {
        changelog: before.changelog,
        downloadUrl: before.downloadUrl,
        minSupportedVersion: before.minSupportedVersion,
      },
      after: { changelog: body.changelog, downloadUrl, minSupportedVersion },
    });
  });
  return releaseById(db, body.id);
});

/** Moves a release from one of `from` to `to`, audited. */
function statusChange(path: 'appVersion/publish' | 'appVersion/withdraw', from: readonly ReleaseStatus[], to: ReleaseStatus, refusal: string) {
  return defineCall(path, async ({ db, body, audit }) => {
    await db.transaction(async (tx) => {
      const before = await releaseById(tx, body.id, true);
      if (!from.includes(before.status)) throw new Refusal(CODES.BAD_PARAMETERS, refusal);
      if (to === 'published' && !before.downloadUrl) throw badParameter('downloadUrl', '发布前请填写下载地址');
      await tx.execute(
        sql`update app_versions set status = ${to}, updated_at = now(),
              released_at = ${to === 'published' ? sql`coalesce(released_at, now())` : sql`released_at`}
            where id = ${body.id}`,
      );
      await audit(tx, {
        action: path.replace('/', '.'),
        targetType: 'appVersion',
        targetId: body.id,
        before: { status: before.status },
        after: { status: to },
      });
    });
    return releaseById(db, body.id);
  });
}

const publish = statusChange('appVersion/publish', ['draft', 'withdrawn'], 'published', '只有草稿或已撤回的版本可以发布');
const withdraw = statusChange('appVersion/withdraw', ['published'], 'withdrawn', '只有已发布的版本可以撤回');

const remove = defineCall('appVersion/delete', async ({ db, body, account, audit }) => {
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, body.id, true);
    if (before.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, '只有草稿可以删除，已发布的版本请撤回');
    await tx.execute(sql`delete from app_versions where id = ${body.id}`);
    await audit(tx, {
      action: 'appVersion.delete',
      targetType: 'appVersion',
      targetId: body.id,
      before,
    });
  });
  return null;
});

interface BundleRow {
  scriptId: number;
  kind: BundleScript['kind'];
  name: string;
  enabled: boolean;
  currentVersion: number;
  versionId: number;
  version: number;
  note: string;
  createdAt: unknown;
  selected: boolean;
}

async function bundleOf(db: Executor, id: number): Promise<ReleaseBundle> {
  const release = await releaseById(db, id);
  const rows = await queryRows<BundleRow>(
    db,
    sql`select s.id as "scriptId", s.kind, s.name, s.enabled, s.current_version as "currentVersion",
               v.id as "versionId", v.version, v.note, v.created_at as "createdAt",
               exists (select 1 from app_version_scripts b where b.app_version_id = ${id} and b.script_version_id = v.id) as selected
        from scripts s join script_versions v on v.script_id = s.id
        order by s.kind, s.name, s.id, v.version desc`,
  );
  const scripts = new Map<number, BundleScript>();
  for (const row of rows) {
    let script = scripts.get(row.scriptId);
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
      scripts.set(row.scriptId, script);
    }
    script.versions.push({
      versionId: row.versionId,
      version: row.version,
      note: row.note,
      createdAt: toIso(row.createdAt)!,
    });
    if (row.selected) {
      script.selectedVersionId = row.versionId;
      script.selectedVersion = row.version;
    }
  }
  return {
    release,
    frozen: release.status !== 'draft',
    scripts: [...scripts.values()],
  };
}

const bundle = defineCall('appVersion/bundle', ({ db, body }) => bundleOf(db, body.id));

const setBundle = defineCall('appVersion/setBundle', async ({ db, body, account, audit }) => {
  await db.transaction(async (tx) => {
    const release = await releaseById(tx, body.id, true);
    if (release.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, CONTENT_TEXT.bundleFrozen);
    const ids = body.scriptVersionIds;
    const found = ids.length
      ? await queryRows<{ id: number; scriptId: number }>(
          tx,
          sql`select id, script_id as "scriptId" from script_versions where id in (${sql.join(
            ids.map((versionId) => sql`${versionId}`),
            sql`, `,
          )})`,
        )
      : [];
    if (found.length !== ids.length) throw badParameter('scriptVersionIds', '包含不存在的脚本版本');
    if (new Set(found.map((row) => row.scriptId)).size !== found.length) {
      throw badParameter('scriptVersionIds', '同一脚本只能选择一个版本');
    }
    const before = await queryRows<{ id: number }>(
      tx,
      sql`select script_version_id as id from app_version_scripts where app_version_id = ${body.id} order by 1`,
    );
    await tx.execute(sql`delete from app_version_scripts where app_version_id = ${body.id}`);
    for (const versionId of ids) {
      await tx.execute(sql`insert into app_version_scripts (app_version_id, script_version_id) values (${body.id}, ${versionId})`);
    }
    await tx.execute(sql`update app_versions set updated_at = now() where id = ${body.id}`);
    await audit(tx, {
      action: 'appVersion.setBundle',
      targetType: 'appVersion',
      targetId: body.id,
      before: { scriptVersionIds: before.map((row) => row.id) },
      after: { scriptVersionIds: [...ids].sort((a, b) => a - b) },
    });
  });
  return bundleOf(db, body.id);
});

export const appVersionCalls = [list, create, update, publish, withdraw, remove, bundle, setBundle];
