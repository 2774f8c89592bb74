/** Every API call the server mounts, one array per domain module. */
import type { CallDefinition } from '../http/calls';
import { accountCalls } from './account';
import { appVersionCalls } from './appVersion';
import { auditLogCalls } from './auditLog';
import { bankCardCalls } from './bankCard';
import { ledgerCalls } from './ledger';
import { mediaCalls } from './media';
import { membershipLevelCalls } from './membershipLevel';
import { menuCalls } from './menu';
import { newsCalls } from './news';
import { notificationCalls } from './notification';
import { orderCalls } from './order';
import { pluginCalls } from './plugin';
import { profileCalls } from './profile';
import { promotionCalls } from './promotion';
import { dashboardCalls } from './dashboard';
import { roleCalls } from './role';
import { saleCalls } from './sale';
import { scriptCalls } from './script';
import { sessionCalls } from './session';
import { shopCalls } from './shop';
import { withdrawalCalls } from './withdrawal';

export const CALLS: readonly CallDefinition[] = [
  ...accountCalls,
  ...saleCalls,
  ...newsCalls,
  ...shopCalls,
  ...orderCalls,
  ...ledgerCalls,
  ...bankCardCalls,
  ...withdrawalCalls,
  ...profileCalls,
  ...menuCalls,
  ...roleCalls,
  ...membershipLevelCalls,
  ...auditLogCalls,
  ...scriptCalls,
  ...appVersionCalls,
  ...mediaCalls,
  ...pluginCalls,
  ...sessionCalls,
  ...promotionCalls,
  ...dashboardCalls,
  ...notificationCalls,
];
