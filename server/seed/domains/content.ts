import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryOne } from '../../db/query';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { ScriptKind } from '#contract/content';

interface ScriptSeed {
  kind: ScriptKind;
  name: string;
  /** Oldest first; each one is a version. */
  versions: Array<{ content: unknown; note: string }>;
}

export const SCRIPT_SEEDS: readonly ScriptSeed[] = [
  {
    kind: 'action',
    name: '批量邀请达人',
    versions: [
      { note: '初始版本', content: { steps: [{ action: 'click', selector: '#invite' }, { action: 'wait', ms: 1000 }] } },
      {
        note: '邀请后确认弹窗',
        content: {
          steps: [
            { action: 'click', selector: '#invite' },
            { action: 'wait', ms: 1000 },
            { action: 'click', selector: '.modal-confirm' },
          ],
          retry: 2,
        },
      },
    ],
  },
  {
    kind: 'action',
    name: '读取店铺信息',
    versions: [
      { note: '初始版本', content: { read: ['shopName', 'shopId'] } },
      { note: '增加地区', content: { read: ['shopName', 'shopId', 'region'] } },
    ],
  },
  {
    kind: 'url',
    name: '达人广场',
    versions: [
      { note: '初始版本', content: { url: 'https://affiliate.example.com/creators', openIn: 'tab' } },
      { note: '改为固定标签页', content: { url: 'https://affiliate.example.com/creators', openIn: 'tab', tabName: 'join-creator-page' } },
    ],
  },
  {
    kind: 'url',
    name: '店铺后台',
    versions: [
      { note: '初始版本', content: { url: 'https://seller.example.com/home' } },
      { note: '按地区跳转', content: { url: 'https://seller.example.com/home', byRegion: { US: 'https://seller-us.example.com/home' } } },
    ],
  },
];

export const DEMO_RELEASE = {
  version: '1.0.0',
  minSupportedVersion: '0.9.0',
  changelog: '首个正式版本：店铺绑定、达人邀约与停止。',
  downloadUrl: 'https://chromewebstore.google.com/',
};

/** Demo scripts (two versions each), one published release bundling their latest versions. */
export async function seedDemoContent(tx: Tx): Promise<void> {
  const admin = await queryOne<{ id: number }>(tx, sql`select id from accounts where username = ${DEMO_ACCOUNTS.superAdmin.username}`);
  const actor = admin?.id ?? null;
  const latestVersionIds: number[] = [];
  for (const seed of SCRIPT_SEEDS) {
    const existing = await queryOne<{ id: number }>(tx, sql`select id from scripts where kind = ${seed.kind} and name = ${seed.name}`);
    if (existing) continue;
    const script = await queryOne<{ id: number }>(
      tx,
      sql`insert into scripts (kind, name, current_version, updated_by) values (${seed.kind}, ${seed.name}, ${seed.versions.length}, ${actor}) returning id`,
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
