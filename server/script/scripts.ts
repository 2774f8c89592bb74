/**
 * The plug-in's action and link scripts. Every save is a new row of script_versions; restoring
 * copies an older version's content into a new version, so history is never rewritten.
 *
 * The plug-in downloads the enabled scripts at their current versions as one set and refuses a set
 * with a problem whole (a link naming an action script that is missing, disabled or of another
 * flow). So every change checks the set it leaves behind and is refused when it would break a set
 * that was whole. A change takes the script set's advisory lock first (two changes checked side by
 * side could each leave a whole set and break it together), then the script's row, then writes its
 * versions. Queries use drizzle's builder on `schema.scripts` and `schema.scriptVersions`.
 */
import { and, count, desc, eq, ilike, not, sql, type SQL } from 'drizzle-orm';
import type { Page } from '#contract/api/common';
import type {
  ScriptCreateBody,
  ScriptDetail,
  ScriptListItem,
  ScriptListQuery,
  ScriptRenameBody,
  ScriptSaveBody,
  ScriptSetEnabledBody,
  ScriptVersionDetail,
  ScriptVersionItem,
  ScriptVersionsQuery,
} from '#contract/api/script';
import { CODES } from '#contract/codes';
import { scriptContentProblem, type ScriptKind } from '#contract/content';
import type { ScriptSiteRules } from '#contract/scriptSandbox';
import type { ServerConfig } from '../config';
import { scriptSetProblem } from '#contract/pluginScripts';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Executor } from '../db/client';
import { pageOfQuery } from '../db/paging';
import { containsPattern } from '../db/query';
import { accounts, scripts, scriptVersions } from '../db/schema';
import { badParameter, Refusal, refuseUniqueViolation } from '../refusal';
import { scriptSet, type ScriptSet } from '../plugin/plugin';
import { announce, resolveAnnouncement } from '../notification/announce';
import { scriptRecordKey } from '#contract/notifications';
import { SCRIPT_MESSAGES } from './messages';
import type { CallContext } from '../context';

/** Who changes a script: recorded as an author of the pending change (contract/review.ts). */
export interface ScriptActor {
  id: number;
  username: string;
}

const iso = (date: Date) => date.toISOString();

/** The draft (name, state, version) differs from what the plug-in receives: a change waits for review. */
export const scriptPending = sql<boolean>`(${scripts.liveVersion} is distinct from ${scripts.currentVersion}
  or ${scripts.liveName} is distinct from ${scripts.name} or ${scripts.liveEnabled} <> ${scripts.enabled})`;

const listColumns = {
  id: scripts.id,
  kind: scripts.kind,
  name: scripts.name,
  enabled: scripts.enabled,
  currentVersion: scripts.currentVersion,
  updatedBy: accounts.username,
  updatedAt: scripts.updatedAt,
  pending: scriptPending,
  liveVersion: scripts.liveVersion,
  revision: scripts.revision,
  pendingAuthors: sql<
    string[]
  >`array(select pa.username from accounts pa where pa.id = any(${scripts.pendingAuthors}) order by pa.username)`,
  rollout: sql<RolloutJson | null>`(select json_build_object(
      'version', r.version, 'stableVersion', r.stable_version, 'percent', r.percent, 'startedAt', r.started_at,
      'usernames', array(select ra.username from accounts ra where ra.id = any(r.account_ids) order by ra.username),
      'startedBy', (select rs.username from accounts rs where rs.id = r.started_by))
    from script_rollouts r where r.script_id = ${scripts.id} and r.status = 'canary')`,
};

/** A running canary as json_build_object gives it: the time as PostgreSQL writes it. */
type RolloutJson = Omit<NonNullable<ScriptListItem['rollout']>, 'startedAt'> & { startedAt: string };

type ScriptRow = Omit<ScriptListItem, 'updatedAt' | 'rollout'> & { updatedAt: Date; rollout: RolloutJson | null };

const toListItem = (row: ScriptRow): ScriptListItem => ({
  ...row,
  updatedAt: iso(row.updatedAt),
  rollout: row.rollout && { ...row.rollout, startedAt: iso(new Date(row.rollout.startedAt)) },
});

/**
 * Where scripts may run (contract/scriptSandbox.ts): the local test pages count as sites on a demo
 * server only, whose seed scripts run on them.
 */
export const scriptSiteRules = (config: Pick<ServerConfig, 'demo'>): ScriptSiteRules => ({ testSites: config.demo });

/** The step language and the sandbox (contract/pluginScripts.ts): A0400 naming the line and the step. */
function assertValidContent(kind: ScriptKind, content: string, sites: ScriptSiteRules) {
  const problem = scriptContentProblem(kind, content, sites);
  if (problem) throw badParameter('content', problem);
}

const requiredName = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) throw badParameter('name', SCRIPT_MESSAGES.nameRequired);
  return trimmed;
};

/** Two scripts of one name: the unique index refuses the second even when both passed the check. */
const nameUnique = <T>(work: () => Promise<T>): Promise<T> => refuseUniqueViolation(work, badParameter('name', SCRIPT_MESSAGES.nameTaken));

/** A script with its current version's content; A0400 when there is none. */
/** `script/get` */
export const getScript = ({ db }: CallContext, { id }: { id: number }) => scriptDetail(db, id);

export async function scriptDetail(db: Executor, id: number): Promise<ScriptDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      content: scriptVersions.content,
      liveName: scripts.liveName,
      liveEnabled: scripts.liveEnabled,
      liveContent: sql<string | null>`(select lv.content from script_versions lv
        where lv.script_id = ${scripts.id} and lv.version = ${scripts.liveVersion})`,
      approvedBy: sql<string | null>`(select ab.username from accounts ab where ab.id = ${scripts.approvedBy})`,
      approvedAt: scripts.approvedAt,
    })
    .from(scripts)
    .leftJoin(accounts, eq(accounts.id, scripts.updatedBy))
    .innerJoin(scriptVersions, and(eq(scriptVersions.scriptId, scripts.id), eq(scriptVersions.version, scripts.currentVersion)))
    .where(eq(scripts.id, id));
  if (!row) throw badParameter('id', SCRIPT_MESSAGES.missing);
  return { ...row, ...toListItem(row), approvedAt: row.approvedAt && iso(row.approvedAt) };
}

/** What is wrong with the drafts (the set the plug-in would download once every change is approved) or the live set, or null. */
async function setProblem(tx: Executor, set: ScriptSet, sites: ScriptSiteRules): Promise<string | null> {
  return scriptSetProblem((await scriptSet(tx, set)).scripts, sites);
}

/**
 * Runs `change` holding the script set's lock and refuses it (A0400 on `field`, saying `refusal`)
 * when it breaks the `set` (drafts for an editor's change, live for an approval) that was whole; a set
 * that was already broken (an old database) does not block the change that mends it.
 */
export async function keepingSetWhole<T>(
  tx: Executor,
  set: ScriptSet,
  field: string,
  refusal: string,
  sites: ScriptSiteRules,
  change: () => Promise<T>,
): Promise<T> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.scriptSet}, 0)`);
  const before = await setProblem(tx, set, sites);
  const result = await change();
  const after = before ? null : await setProblem(tx, set, sites);
  if (after) throw badParameter(field, `${refusal}${after}`);
  return result;
}

/** An editor's change of the drafts, keeping them whole (see keepingSetWhole). */
const changingDrafts = <T>(tx: Executor, field: string, sites: ScriptSiteRules, change: () => Promise<T>) =>
  keepingSetWhole(tx, 'draft', field, SCRIPT_MESSAGES.draftSetBroken, sites, change);

/**
 * After a change of script `id` by `actorId`: a new revision, and the actor among the authors of the
 * pending change (none when the drafts are back to what the plug-in receives). The approvers hear of
 * a script that starts waiting; a change taken back leaves nothing to review, so its notice is settled.
 */
async function recordChange(tx: Executor, id: number, actor: ScriptActor) {
  const actorId = actor.id;
  const [before] = await tx.select({ authors: scripts.pendingAuthors }).from(scripts).where(eq(scripts.id, id));
  const [after] = await tx
    .update(scripts)
    .set({
      revision: sql`${scripts.revision} + 1`,
      pendingAuthors: sql`case when ${scriptPending}
        then (case when ${actorId} = any(${scripts.pendingAuthors}) then ${scripts.pendingAuthors}
          else array_append(${scripts.pendingAuthors}, ${actorId}) end)
        else '{}'::int[] end`,
    })
    .where(eq(scripts.id, id))
    .returning({ kind: scripts.kind, name: scripts.name, pending: scriptPending });
  const record = scriptRecordKey({ kind: after.kind, id });
  if (!after.pending) await resolveAnnouncement(tx, 'script.reviewRequested', record);
  else if (before.authors.length === 0) {
    await announce(tx, { kind: 'script.reviewRequested', record, data: { name: after.name, username: actor.username }, actorId });
  }
}

/** Locks the script row for the rest of the transaction. */

async function lockScript(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: scripts.id, name: scripts.name, kind: scripts.kind, enabled: scripts.enabled, currentVersion: scripts.currentVersion })
    .from(scripts)
    .where(eq(scripts.id, id))
    .for('update');
  if (!row) throw badParameter('id', SCRIPT_MESSAGES.missing);
  return row;
}

/** Appends version `currentVersion + 1` with `content` and makes it current. */
async function appendVersion(
  tx: Executor,
  script: { id: number; currentVersion: number },
  content: string,
  note: string,
  actorId: number,
): Promise<number> {
  const version = script.currentVersion + 1;
  await tx.insert(scriptVersions).values({ scriptId: script.id, version, content, note, createdBy: actorId });
  await tx
    .update(scripts)
    .set({ currentVersion: version, updatedBy: actorId, updatedAt: sql`now()` })
    .where(eq(scripts.id, script.id));
  return version;
}

export async function listScripts({ db }: CallContext, query: ScriptListQuery): Promise<Page<ScriptListItem>> {
  const filters: SQL[] = [eq(scripts.kind, query.kind)];
  const name = query.name?.trim();
  if (name) filters.push(ilike(scripts.name, containsPattern(name)));
  if (query.enabled !== undefined) filters.push(eq(scripts.enabled, query.enabled));
  if (query.pending !== undefined) filters.push(query.pending ? scriptPending : not(scriptPending));
  const where = and(...filters);
  return pageOfQuery(
    query,
    {
      rows: db
        .select(listColumns)
        .from(scripts)
        .leftJoin(accounts, eq(accounts.id, scripts.updatedBy))
        .where(where)
        .orderBy(desc(scripts.updatedAt), desc(scripts.id))
        .$dynamic(),
      count: db.select({ n: count() }).from(scripts).where(where),
    },
    toListItem,
  );
}

export async function createScript({ db, account: actor, audit, config }: CallContext, body: ScriptCreateBody): Promise<ScriptDetail> {
  const sites = scriptSiteRules(config);
  const name = requiredName(body.name);
  assertValidContent(body.kind, body.content, sites);
  const id = await nameUnique(() =>
    db.transaction((tx) =>
      changingDrafts(tx, 'content', sites, async () => {
        const [row] = await tx
          .insert(scripts)
          .values({ kind: body.kind, name, currentVersion: 1, updatedBy: actor.id })
          .returning({ id: scripts.id });
        await tx
          .insert(scriptVersions)
          .values({ scriptId: row.id, version: 1, content: body.content, note: body.note ?? '', createdBy: actor.id });
        await recordChange(tx, row.id, actor);
        await audit(tx, { action: 'script.create', targetType: 'script', targetId: row.id, after: { kind: body.kind, name, version: 1 } });
        return row.id;
      }),
    ),
  );
  return scriptDetail(db, id);
}

/** Saves `content` as a new version, refused when someone saved since `baseVersion`. */
export async function saveScript({ db, account: actor, audit, config }: CallContext, body: ScriptSaveBody): Promise<ScriptDetail> {
  const sites = scriptSiteRules(config);
  await db.transaction((tx) =>
    changingDrafts(tx, 'content', sites, async () => {
      const script = await lockScript(tx, body.id);
      assertValidContent(script.kind, body.content, sites);
      if (script.currentVersion !== body.baseVersion) {
        throw new Refusal(CODES.BAD_PARAMETERS, SCRIPT_MESSAGES.editedMeanwhile(script.currentVersion, body.baseVersion));
      }
      const [currentContent] = await tx
        .select({ content: scriptVersions.content })
        .from(scriptVersions)
        .where(and(eq(scriptVersions.scriptId, script.id), eq(scriptVersions.version, script.currentVersion)));
      if (currentContent?.content === body.content) throw badParameter('content', SCRIPT_MESSAGES.sameContent);
      const version = await appendVersion(tx, script, body.content, body.note ?? '', actor.id);
      await recordChange(tx, script.id, actor);
      await audit(tx, {
        action: 'script.save',
        targetType: 'script',
        targetId: script.id,
        before: { version: script.currentVersion },
        after: { version },
      });
    }),
  );
  return scriptDetail(db, body.id);
}

export async function renameScript({ db, account: actor, audit, config }: CallContext, body: ScriptRenameBody): Promise<ScriptDetail> {
  const sites = scriptSiteRules(config);
  const name = requiredName(body.name);
  await nameUnique(() =>
    db.transaction((tx) =>
      changingDrafts(tx, 'name', sites, async () => {
        const script = await lockScript(tx, body.id);
        await tx
          .update(scripts)
          .set({ name, updatedBy: actor.id, updatedAt: sql`now()` })
          .where(eq(scripts.id, script.id));
        await recordChange(tx, script.id, actor);
        await audit(tx, {
          action: 'script.rename',
          targetType: 'script',
          targetId: script.id,
          before: { name: script.name },
          after: { name },
        });
      }),
    ),
  );
  return scriptDetail(db, body.id);
}

export async function setScriptEnabled(
  { db, account: actor, audit, config }: CallContext,
  body: ScriptSetEnabledBody,
): Promise<ScriptDetail> {
  const sites = scriptSiteRules(config);
  await db.transaction((tx) =>
    changingDrafts(tx, 'enabled', sites, async () => {
      const script = await lockScript(tx, body.id);
      await tx
        .update(scripts)
        .set({ enabled: body.enabled, updatedBy: actor.id, updatedAt: sql`now()` })
        .where(eq(scripts.id, script.id));
      await recordChange(tx, script.id, actor);
      await audit(tx, {
        action: 'script.setEnabled',
        targetType: 'script',
        targetId: script.id,
        before: { enabled: script.enabled },
        after: { enabled: body.enabled },
      });
    }),
  );
  return scriptDetail(db, body.id);
}

const versionColumns = {
  versionId: scriptVersions.id,
  version: scriptVersions.version,
  note: scriptVersions.note,
  createdBy: accounts.username,
  createdAt: scriptVersions.createdAt,
};

type VersionRow = Pick<typeof scriptVersions.$inferSelect, 'version' | 'note' | 'createdAt'> & {
  versionId: number;
  createdBy: string | null;
};

const toVersionItem = (row: VersionRow): ScriptVersionItem => ({ ...row, createdAt: iso(row.createdAt) });

/** A script's versions, newest first; A0400 when the script has none (it does not exist). */
export async function listVersions({ db }: CallContext, query: ScriptVersionsQuery): Promise<Page<ScriptVersionItem>> {
  const ofScript = eq(scriptVersions.scriptId, query.id);
  const page = await pageOfQuery(
    query,
    {
      rows: db
        .select(versionColumns)
        .from(scriptVersions)
        .leftJoin(accounts, eq(accounts.id, scriptVersions.createdBy))
        .where(ofScript)
        .orderBy(desc(scriptVersions.version))
        .$dynamic(),
      count: db.select({ n: count() }).from(scriptVersions).where(ofScript),
    },
    toVersionItem,
  );
  if (!page.total) throw badParameter('id', SCRIPT_MESSAGES.missing);
  return page;
}

/** `script/version` */
export const getScriptVersion = ({ db }: CallContext, { id, version }: { id: number; version: number }) => versionDetail(db, id, version);

async function versionDetail(db: Executor, scriptId: number, version: number): Promise<ScriptVersionDetail> {
  const [row] = await db
    .select({ ...versionColumns, scriptId: scriptVersions.scriptId, content: scriptVersions.content })
    .from(scriptVersions)
    .leftJoin(accounts, eq(accounts.id, scriptVersions.createdBy))
    .where(and(eq(scriptVersions.scriptId, scriptId), eq(scriptVersions.version, version)));
  if (!row) throw badParameter('version', SCRIPT_MESSAGES.versionMissing);
  return { ...toVersionItem(row), scriptId: row.scriptId, content: row.content };
}

/** Copies version `version`'s content into a new current version. */
export async function restoreVersion(
  { db, account: actor, audit, config }: CallContext,
  { id: scriptId, version }: { id: number; version: number },
): Promise<ScriptDetail> {
  const sites = scriptSiteRules(config);
  await db.transaction((tx) =>
    changingDrafts(tx, 'version', sites, async () => {
      const script = await lockScript(tx, scriptId);
      if (version === script.currentVersion) throw badParameter('version', SCRIPT_MESSAGES.alreadyCurrent);
      const old = await versionDetail(tx, script.id, version);
      // An old version may predate the step language: restoring it would hand the plug-in a script it refuses.
      const problem = scriptContentProblem(script.kind, old.content, sites);
      if (problem) throw badParameter('version', SCRIPT_MESSAGES.notRestorable(version, problem));
      const next = await appendVersion(tx, script, old.content, SCRIPT_MESSAGES.restoredNote(version), actor.id);
      await recordChange(tx, script.id, actor);
      await audit(tx, {
        action: 'script.restore',
        targetType: 'script',
        targetId: script.id,
        before: { version: script.currentVersion },
        after: { version: next, restoredFrom: version },
      });
    }),
  );
  return scriptDetail(db, scriptId);
}
