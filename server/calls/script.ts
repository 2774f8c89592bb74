/**
 * `script/*`: the plug-in's action and link scripts. Every save is a new row of script_versions;
 * restoring copies an older version's content into a new version, so history is never rewritten.
 */
import { sql } from 'drizzle-orm';
import { CODES } from '#contract/codes';
import type { ScriptDetail, ScriptListItem, ScriptVersionDetail, ScriptVersionItem } from '#contract/api/script';
import { scriptContentProblem } from '#contract/content';
import type { Executor } from '../db/client';
import { containsPattern, pgErrorCode, queryOne, queryRows, toIso, UNIQUE_VIOLATION } from '../db/query';
import { defineCall } from '../http/calls';
import { badParameter, Refusal } from '../http/respond';
import { pageOf } from '../db/paging';

const NAME_TAKEN = '已被同类脚本使用';

interface ScriptRow {
  id: number;
  kind: ScriptListItem['kind'];
  name: string;
  enabled: boolean;
  currentVersion: number;
  updatedBy: string | null;
  updatedAt: unknown;
}

const scriptColumns = sql`s.id, s.kind, s.name, s.enabled, s.current_version as "currentVersion",
  u.username as "updatedBy", s.updated_at as "updatedAt"`;

const toListItem = (row: ScriptRow): ScriptListItem => ({
  ...row,
  updatedAt: toIso(row.updatedAt)!,
});

function assertValidContent(content: string) {
  const problem = scriptContentProblem(content);
  if (problem) throw badParameter('content', problem);
}

async function scriptDetail(db: Executor, id: number): Promise<ScriptDetail> {
  const row = await queryOne<ScriptRow & { content: string }>(
    db,
    sql`select ${scriptColumns}, v.content
        from scripts s
        left join accounts u on u.id = s.updated_by
        join script_versions v on v.script_id = s.id and v.version = s.current_version
        where s.id = ${id}`,
  );
  if (!row) throw badParameter('id', '对应的脚本不存在');
  return { ...toListItem(row), content: row.content };
}

/** Locks the script row for the rest of the transaction. */
async function lockScript(tx: Executor, id: number) {
  const row = await queryOne<{
    id: number;
    name: string;
    kind: string;
    enabled: boolean;
    currentVersion: number;
  }>(tx, sql`select id, name, kind, enabled, current_version as "currentVersion" from scripts where id = ${id} for update`);
  if (!row) throw badParameter('id', '对应的脚本不存在');
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
  await tx.execute(
    sql`insert into script_versions (script_id, version, content, note, created_by)
        values (${script.id}, ${version}, ${content}, ${note}, ${actorId})`,
  );
  await tx.execute(sql`update scripts set current_version = ${version}, updated_by = ${actorId}, updated_at = now() where id = ${script.id}`);
  return version;
}

const refuseTakenName = (error: unknown): never => {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw badParameter('name', NAME_TAKEN);
  throw error;
};

const list = defineCall('script/list', async ({ db, body }) => {
  const { current, pageSize, offset } = pageOf(body);
  const filters = [sql`s.kind = ${body.kind}`];
  if (body.name?.trim()) filters.push(sql`s.name ilike ${containsPattern(body.name.trim())}`);
  if (body.enabled !== undefined) filters.push(sql`s.enabled = ${body.enabled}`);
  const where = sql.join(filters, sql` and `);
  const [rows, count] = await Promise.all([
    queryRows<ScriptRow>(
      db,
      sql`select ${scriptColumns} from scripts s left join accounts u on u.id = s.updated_by
          where ${where} order by s.updated_at desc, s.id desc limit ${pageSize} offset ${offset}`,
    ),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from scripts s where ${where}`),
  ]);
  return {
    list: rows.map(toListItem),
    total: count?.n ?? 0,
    current,
    pageSize,
  };
});

const get = defineCall('script/get', ({ db, body }) => scriptDetail(db, body.id));

const create = defineCall('script/create', async ({ db, body, account, audit }) => {
  const name = body.name.trim();
  if (!name) throw badParameter('name', '不能为空');
  assertValidContent(body.content);
  const id = await db
    .transaction(async (tx) => {
      const row = await queryOne<{ id: number }>(
        tx,
        sql`insert into scripts (kind, name, current_version, updated_by) values (${body.kind}, ${name}, 1, ${account.id}) returning id`,
      );
      await tx.execute(
        sql`insert into script_versions (script_id, version, content, note, created_by)
            values (${row!.id}, 1, ${body.content}, ${body.note ?? ''}, ${account.id})`,
      );
      await audit(tx, {
        action: 'script.create',
        targetType: 'script',
        targetId: row!.id,
        after: { kind: body.kind, name, version: 1 },
      });
      return row!.id;
    })
    .catch(refuseTakenName);
  return scriptDetail(db, id);
});

const save = defineCall('script/save', async ({ db, body, account, audit }) => {
  assertValidContent(body.content);
  await db.transaction(async (tx) => {
    const script = await lockScript(tx, body.id);
    if (script.currentVersion !== body.baseVersion) {
      throw new Refusal(
        CODES.BAD_PARAMETERS,
        `脚本已被他人更新到第 ${script.currentVersion} 版（你编辑的是第 ${body.baseVersion} 版），请刷新后再保存`,
      );
    }
    const currentContent = await queryOne<{ content: string }>(
      tx,
      sql`select content from script_versions where script_id = ${script.id} and version = ${script.currentVersion}`,
    );
    if (currentContent?.content === body.content) throw badParameter('content', '与当前版本相同，无需保存');
    const version = await appendVersion(tx, script, body.content, body.note ?? '', account.id);
    await audit(tx, {
      action: 'script.save',
      targetType: 'script',
      targetId: script.id,
      before: { version: script.currentVersion },
      after: { version },
    });
  });
  return scriptDetail(db, body.id);
});

const rename = defineCall('script/rename', async ({ db, body, account, audit }) => {
  const name = body.name.trim();
  if (!name) throw badParameter('name', '不能为空');
  await db
    .transaction(async (tx) => {
      const script = await lockScript(tx, body.id);
      await tx.execute(sql`update scripts set name = ${name}, updated_by = ${account.id}, updated_at = now() where id = ${script.id}`);
      await audit(tx, {
        action: 'script.rename',
        targetType: 'script',
        targetId: script.id,
        before: { name: script.name },
        after: { name },
      });
    })
    .catch(refuseTakenName);
  return scriptDetail(db, body.id);
});

const setEnabled = defineCall('script/setEnabled', async ({ db, body, account, audit }) => {
  await db.transaction(async (tx) => {
    const script = await lockScript(tx, body.id);
    await tx.execute(sql`update scripts set enabled = ${body.enabled}, updated_by = ${account.id}, updated_at = now() where id = ${script.id}`);
    await audit(tx, {
      action: 'script.setEnabled',
      targetType: 'script',
      targetId: script.id,
      before: { enabled: script.enabled },
      after: { enabled: body.enabled },
    });
  });
  return scriptDetail(db, body.id);
});

interface VersionRow {
  versionId: number;
  version: number;
  note: string;
  createdBy: string | null;
  createdAt: unknown;
}

const versionColumns = sql`v.id as "versionId", v.version, v.note, u.username as "createdBy", v.created_at as "createdAt"`;
const toVersionItem = (row: VersionRow): ScriptVersionItem => ({
  ...row,
  createdAt: toIso(row.createdAt)!,
});

const versions = defineCall('script/versions', async ({ db, body }) => {
  const { current, pageSize, offset } = pageOf(body);
  const [rows, count] = await Promise.all([
    queryRows<VersionRow>(
      db,
      sql`select ${versionColumns} from script_versions v left join accounts u on u.id = v.created_by
          where v.script_id = ${body.id} order by v.version desc limit ${pageSize} offset ${offset}`,
    ),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from script_versions where script_id = ${body.id}`),
  ]);
  if (!count?.n) throw badParameter('id', '对应的脚本不存在');
  return { list: rows.map(toVersionItem), total: count.n, current, pageSize };
});

async function versionDetail(db: Executor, scriptId: number, version: number): Promise<ScriptVersionDetail> {
  const row = await queryOne<VersionRow & { content: string; scriptId: number }>(
    db,
    sql`select ${versionColumns}, v.script_id as "scriptId", v.content
        from script_versions v left join accounts u on u.id = v.created_by
        where v.script_id = ${scriptId} and v.version = ${version}`,
  );
  if (!row) throw badParameter('version', '对应的脚本版本不存在');
  return {
    ...toVersionItem(row),
    scriptId: row.scriptId,
    content: row.content,
  };
}

const version = defineCall('script/version', ({ db, body }) => versionDetail(db, body.id, body.version));

const restore = defineCall('script/restore', async ({ db, body, account, audit }) => {
  await db.transaction(async (tx) => {
    const script = await lockScript(tx, body.id);
    if (body.version === script.currentVersion) throw badParameter('version', '已是当前版本');
    const old = await versionDetail(tx, script.id, body.version);
    const version = await appendVersion(tx, script, old.content, `恢复自第 ${body.version} 版`, account.id);
    await audit(tx, {
      action: 'script.restore',
      targetType: 'script',
      targetId: script.id,
      before: { version: script.currentVersion },
      after: { version, restoredFrom: body.version },
    });
  });
  return scriptDetail(db, body.id);
});

export const scriptCalls = [list, get, create, save, rename, setEnabled, versions, version, restore];
