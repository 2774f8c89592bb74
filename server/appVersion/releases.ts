/**
 * Plug-in releases and the script versions each one bundles. Versions are semver, unique and
 * strictly increasing (creations take turns on an advisory lock); a release's bundle is frozen
 * once it has been published. A change locks the release's row first. Publishing, withdrawing and
 * editing a published release are requests that another account approves (four-eyes,
 * contract/review.ts); until then the release is served as it was. Queries use drizzle's
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
  ReleaseApproveBody,
  PendingReleaseChange,
} from '#contract/api/appVersion';
import { CODES } from '#contract/codes';
import { cleanVersion, CONTENT_TEXT, downloadUrlProblem, minSupportedProblem, versionProblem, type ReleaseStatus } from '#contract/content';
import type { AuditWriter } from '../audit';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { appVersions, appVersionScripts, scripts, scriptVersions } from '../db/schema';
import { badParameter, Refusal } from '../refusal';
import { announce, resolveAnnouncement, withdrawAnnouncement } from '../notification/announce';
import { REVIEW_TEXT } from '#contract/review';
import { approverOf, selfApprovalReason } from '../review/approver';
import { RELEASE_MESSAGES } from './messages';
import type { CallContext } from '../context';

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
  pendingChange: appVersions.pendingChange,
  pendingBy: sql<string | null>`(select pb.username from accounts pb where pb.id = ${appVersions.pendingBy})`,
  pendingAt: appVersions.pendingAt,
  revision: appVersions.revision,
};

type ReleaseRow = Omit<Release, 'releasedAt' | 'createdAt' | 'updatedAt' | 'pendingAt'> & {
  releasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  pendingAt: Date | null;
};

const toRelease = (row: ReleaseRow): Release => ({
  ...row,
  releasedAt: row.releasedAt && iso(row.releasedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  pendingAt: row.pendingAt && iso(row.pendingAt),
});

/** One release; A0400 when there is none. `lock` takes its row for an update. */
async function releaseById(db: Executor, id: number, lock = false): Promise<Release> {
  const query = db.select(releaseColumns).from(appVersions).where(eq(appVersions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw badParameter('id', RELEASE_MESSAGES.missing);
  return toRelease(row);
}

/** The newest published release (by semver), with its row id, or undefined. */
export async function latestPublishedRelease(db: Executor): Promise<Release | undefined> {
  const rows = await db.select(releaseColumns).from(appVersions).where(eq(appVersions.status, 'published'));
  return rows.map(toRelease).sort((a, b) => semver.rcompare(a.version, b.version))[0];
}

/** Serialises the version checks of concurrent creations. */
const lockReleaseNumbering = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_versions.version'))`);

export async function listReleases({ db }: CallContext, query: ReleaseListQuery): Promise<Page<Release>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(appVersions.status, query.status));
  const version = query.version?.trim();
  if (version) filters.push(ilike(appVersions.version, containsPattern(version)));
  const where = and(...filters);
  // Versions only ever increase, so creation order is semver order.
  return pageOfQuery(
    query,
    {
      rows: db.select(releaseColumns).from(appVersions).where(where).orderBy(desc(appVersions.createdAt), desc(appVersions.id)).$dynamic(),
      count: db.select({ n: count() }).from(appVersions).where(where),
    },
    toRelease,
  );
}

export async function createRelease({ db, account, audit }: CallContext, body: ReleaseCreateBody): Promise<Release> {
  const actorId = account.id;
  const version = semverOf('version', body.version);
  const minSupportedVersion = checkMinSupported(body.minSupportedVersion, version);
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  const id = await db.transaction(async (tx) => {
    await lockReleaseNumbering(tx);
    const existing = await tx.select({ version: appVersions.version }).from(appVersions);
    if (existing.some((row) => semver.eq(row.version, version))) throw badParameter('version', RELEASE_MESSAGES.versionTaken(version));
    const highest = existing.map((row) => row.version).sort(semver.rcompare)[0];
    if (highest && semver.lte(version, highest)) throw badParameter('version', RELEASE_MESSAGES.versionNotHigher(highest));
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

/** Who asks for a release change: the requester of the pending change, who may not approve it. */
export interface ReleaseActor {
  id: number;
  username: string;
}

/** Refuses a change of a release that has a request waiting: the reviewer approves what was asked. */
function refusePending(release: Release) {
  if (release.pendingChange) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.requestPending);
}

/** Records `change` as the release's pending request (a new revision) and tells the approvers. */
async function requestChange(tx: Executor, actor: ReleaseActor, release: Release, change: PendingReleaseChange, audit: AuditWriter) {
  await tx
    .update(appVersions)
    .set({ pendingChange: change, pendingBy: actor.id, pendingAt: sql`now()`, revision: sql`${appVersions.revision} + 1` })
    .where(eq(appVersions.id, release.id));
  await audit(tx, {
    action: 'appVersion.request',
    targetType: 'appVersion',
    targetId: release.id,
    before: { status: release.status },
    after: change,
  });
  await announce(tx, {
    kind: 'release.reviewRequested',
    record: release.id,
    data: { version: release.version, action: change.action, username: actor.username },
    actorId: actor.id,
  });
}

/**
 * Edits a release: a draft or a withdrawn one (served to no plug-in) at once; a published one by a
 * request that takes effect when approved.
 */
export async function updateRelease({ db, account: actor, audit }: CallContext, body: ReleaseUpdateBody): Promise<Release> {
  const downloadUrl = checkDownloadUrl(body.downloadUrl);
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, body.id, true);
    refusePending(before);
    const minSupportedVersion = checkMinSupported(body.minSupportedVersion, before.version);
    if (before.status === 'published') {
      if (!downloadUrl) throw badParameter('downloadUrl', RELEASE_MESSAGES.publishedNeedsDownload);
      await requestChange(tx, actor, before, { action: 'update', changelog: body.changelog, downloadUrl, minSupportedVersion }, audit);
      return;
    }
    await tx
      .update(appVersions)
      .set({
        changelog: body.changelog,
        downloadUrl,
        minSupportedVersion,
        updatedAt: sql`now()`,
        revision: sql`${appVersions.revision} + 1`,
      })
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
  publish: { from: ['draft', 'withdrawn'], to: 'published', refusal: RELEASE_MESSAGES.onlyDraftOrWithdrawnPublish },
  withdraw: { from: ['published'], to: 'withdrawn', refusal: RELEASE_MESSAGES.onlyPublishedWithdraw },
} as const satisfies Record<string, { from: readonly ReleaseStatus[]; to: ReleaseStatus; refusal: string }>;

/** Asks for a release to be published or withdrawn (approved by another account: `approveRelease`). */
async function requestStatusChange(
  { db, account: actor, audit }: CallContext,
  id: number,
  change: keyof typeof STATUS_CHANGES,
): Promise<Release> {
  const { from, refusal } = STATUS_CHANGES[change];
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, id, true);
    if (!(from as readonly ReleaseStatus[]).includes(before.status)) throw new Refusal(CODES.BAD_PARAMETERS, refusal);
    refusePending(before);
    if (change === 'publish' && !before.downloadUrl) throw badParameter('downloadUrl', RELEASE_MESSAGES.downloadBeforePublish);
    await requestChange(tx, actor, before, { action: change }, audit);
  });
  return releaseById(db, id);
}

/** `appVersion/publish`: asks for the release to be published. */
export const requestPublish = (ctx: CallContext, { id }: { id: number }) => requestStatusChange(ctx, id, 'publish');

/** `appVersion/withdraw`: asks for the release to be withdrawn. */
export const requestWithdraw = (ctx: CallContext, { id }: { id: number }) => requestStatusChange(ctx, id, 'withdraw');

/** Takes back a release's pending request; the release stays as it is served. */
export async function cancelRequest({ db, audit }: CallContext, { id }: { id: number }): Promise<Release> {
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, id, true);
    if (!before.pendingChange) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.noRequest);
    await clearRequest(tx, id);
    await audit(tx, { action: 'appVersion.cancelRequest', targetType: 'appVersion', targetId: id, before: before.pendingChange });
    await withdrawAnnouncement(tx, 'release.reviewRequested', id);
  });
  return releaseById(db, id);
}

const clearRequest = (tx: Executor, id: number) =>
  tx
    .update(appVersions)
    .set({ pendingChange: null, pendingBy: null, pendingAt: null, revision: sql`${appVersions.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(appVersions.id, id));

/** What a release change touches, before and after it, for the audit entry. */
const servedSide = (release: Pick<Release, 'status' | 'changelog' | 'downloadUrl' | 'minSupportedVersion'>) => ({
  status: release.status,
  changelog: release.changelog,
  downloadUrl: release.downloadUrl,
  minSupportedVersion: release.minSupportedVersion,
});

/**
 * Approves a release's pending request (four-eyes, contract/review.ts): publishing stamps the first
 * release time and tells every account (the earlier releases' notices stop counting as unread);
 * withdrawing takes its notice out of the unread ones; an edit of a published release takes effect.
 */
export async function approveRelease({ db, account, snapshot, audit }: CallContext, body: ReleaseApproveBody): Promise<Release> {
  const approver = approverOf(account, snapshot);
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, body.id, true);
    const change = before.pendingChange;
    if (!change) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.nothingPending);
    if (before.revision !== body.revision) throw new Refusal(CODES.BAD_PARAMETERS, REVIEW_TEXT.changedSinceReview);
    const [{ requesterId }] = await tx.select({ requesterId: appVersions.pendingBy }).from(appVersions).where(eq(appVersions.id, body.id));
    const reason = selfApprovalReason(approver, requesterId === null ? [] : [requesterId], body.reason);
    await clearRequest(tx, body.id);
    const after = { ...servedSide(before) };
    if (change.action === 'update') {
      const { action: _action, ...values } = change;
      Object.assign(after, values);
      await tx.update(appVersions).set(values).where(eq(appVersions.id, body.id));
    } else {
      after.status = STATUS_CHANGES[change.action].to;
      await tx
        .update(appVersions)
        .set(
          change.action === 'publish'
            ? { status: after.status, releasedAt: sql`coalesce(${appVersions.releasedAt}, now())` }
            : { status: after.status },
        )
        .where(eq(appVersions.id, body.id));
      if (change.action === 'publish') {
        await resolveAnnouncement(tx, 'release.published', body.id, { allBut: true });
        await announce(tx, {
          kind: 'release.published',
          record: body.id,
          data: { version: before.version, changelog: before.changelog },
          actorId: approver.id,
        });
      } else {
        await resolveAnnouncement(tx, 'release.published', body.id);
      }
    }
    await audit(tx, {
      action: 'appVersion.approve',
      targetType: 'appVersion',
      targetId: body.id,
      before: servedSide(before),
      after: { ...after, action: change.action, requestedBy: before.pendingBy, ...(reason ? { selfApprovalReason: reason } : {}) },
    });
    await resolveAnnouncement(tx, 'release.reviewRequested', body.id);
    if (reason) {
      await announce(tx, {
        kind: 'release.selfApproved',
        record: body.id,
        data: { version: before.version, action: change.action, username: approver.username, reason },
        actorId: approver.id,
      });
    }
  });
  return releaseById(db, body.id);
}

/** Deletes a draft (a published or withdrawn release stays). */
export async function deleteRelease({ db, audit }: CallContext, { id }: { id: number }): Promise<null> {
  await db.transaction(async (tx) => {
    const before = await releaseById(tx, id, true);
    if (before.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, RELEASE_MESSAGES.onlyDraftDelete);
    await tx.delete(appVersions).where(eq(appVersions.id, id));
    if (before.pendingChange) await withdrawAnnouncement(tx, 'release.reviewRequested', id);
    await audit(tx, { action: 'appVersion.delete', targetType: 'appVersion', targetId: id, before });
  });
  return null;
}

/** Every script with all its versions, newest first, and which one the release bundles. */
export async function bundleOf({ db }: CallContext, { id }: { id: number }): Promise<ReleaseBundle> {
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
export async function setBundle(ctx: CallContext, body: ReleaseSetBundleBody): Promise<ReleaseBundle> {
  const { db, audit } = ctx;
  await db.transaction(async (tx) => {
    const release = await releaseById(tx, body.id, true);
    if (release.status !== 'draft') throw new Refusal(CODES.BAD_PARAMETERS, CONTENT_TEXT.bundleFrozen);
    refusePending(release);
    const ids = body.scriptVersionIds;
    const found = ids.length
      ? await tx
          .select({ id: scriptVersions.id, scriptId: scriptVersions.scriptId })
          .from(scriptVersions)
          .where(inArray(scriptVersions.id, ids))
      : [];
    if (found.length !== ids.length) throw badParameter('scriptVersionIds', RELEASE_MESSAGES.unknownScriptVersions);
    if (new Set(found.map((row) => row.scriptId)).size !== found.length) {
      throw badParameter('scriptVersionIds', RELEASE_MESSAGES.oneVersionPerScript);
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
  return bundleOf(ctx, body);
}
