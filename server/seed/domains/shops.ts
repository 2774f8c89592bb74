import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { DEMO_ACCOUNTS } from '#contract/demoAccounts';
import type { ShopPlatform, ShopStatus } from '#contract/shops';

interface DemoShop {
  username: string;
  platform: ShopPlatform;
  externalId: string;
  name: string;
  region: string;
  status: ShopStatus;
  /** Bound this many days ago. */
  daysAgo: number;
}

/** demo_member (专业版, 3 shops) keeps room for the shop the plug-in e2e binds. */
export const DEMO_SHOPS: readonly DemoShop[] = [
  {
    username: DEMO_ACCOUNTS.member.username,
    platform: 'tiktok',
    externalId: '7495012345678901',
    name: '星河好物旗舰店',
    region: 'MY',
    status: 'bound',
    daysAgo: 12,
  },
  {
    username: DEMO_ACCOUNTS.member.username,
    platform: 'tiktok',
    externalId: '7495012345678902',
    name: '星河家居生活馆',
    region: 'TH',
    status: 'unbound',
    daysAgo: 40,
  },
  {
    username: DEMO_ACCOUNTS.salesperson.username,
    platform: 'tiktok-us',
    externalId: '8646001122334455',
    name: 'Sunny Outdoor Store',
    region: 'US',
    status: 'bound',
    daysAgo: 6,
  },
  {
    username: DEMO_ACCOUNTS.operator.username,
    platform: 'tiktok',
    externalId: '7495098765432100',
    name: '运营测试店铺',
    region: 'SG',
    status: 'invalid',
    daysAgo: 90,
  },
];

/** Demo data of this domain (CONSOLE_DEMO=1); idempotent: it only inserts what is missing. */
export async function seedDemoShops(tx: Tx): Promise<void> {
  for (const shop of DEMO_SHOPS) {
    await tx.execute(
      sql`insert into shops (account_id, platform, external_id, name, region, status, bound_at, unbound_at)
          select a.id, ${shop.platform}, ${shop.externalId}, ${shop.name}, ${shop.region}, ${shop.status},
                 now() - make_interval(days => ${shop.daysAgo}),
                 case when ${shop.status} = 'unbound' then now() - make_interval(days => ${Math.floor(shop.daysAgo / 2)}) end
          from accounts a where lower(a.username) = lower(${shop.username})
          on conflict (account_id, platform, external_id) do nothing`,
    );
  }
}
