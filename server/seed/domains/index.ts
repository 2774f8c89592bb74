/** Each domain's demo data, run in this order after the demo accounts exist. */
import type { ServerConfig } from '../../config';
import type { Tx } from '../../db/client';
import { seedDemoContent } from './content';
import { seedDemoMoney } from './money';
import { seedDemoOrders } from './orders';
import { seedDemoShops } from './shops';
import { seedDemoSystem } from './system';

export const DOMAIN_DEMO_SEEDS: ReadonlyArray<(tx: Tx, config: ServerConfig) => Promise<void>> = [
  seedDemoSystem,
  seedDemoShops,
  seedDemoOrders,
  seedDemoMoney,
  seedDemoContent,
];
