/** Every API call the server mounts: one handler map per domain module, complete by type. */
import { callsOf, type CallDefinition, type CallHandlers } from '../http/calls';
import { accountHandlers } from './account';
import { appVersionHandlers } from './appVersion';
import { auditLogHandlers } from './auditLog';
import { bankCardHandlers } from './bankCard';
import { ledgerHandlers } from './ledger';
import { mediaHandlers } from './media';
import { membershipLevelHandlers } from './membershipLevel';
import { menuHandlers } from './menu';
import { newsHandlers } from './news';
import { notificationHandlers } from './notification';
import { orderHandlers } from './order';
import { pluginHandlers } from './plugin';
import { profileHandlers } from './profile';
import { promotionHandlers } from './promotion';
import { dashboardHandlers } from './dashboard';
import { roleHandlers } from './role';
import { saleHandlers } from './sale';
import { scriptHandlers } from './script';
import { sessionHandlers } from './session';
import { shopHandlers } from './shop';
import { withdrawalHandlers } from './withdrawal';

/** A handler for every call of the contract: a missing one, or one of a path outside it, fails tsc. */
export const HANDLERS = {
  ...accountHandlers,
  ...saleHandlers,
  ...newsHandlers,
  ...shopHandlers,
  ...orderHandlers,
  ...ledgerHandlers,
  ...bankCardHandlers,
  ...withdrawalHandlers,
  ...profileHandlers,
  ...menuHandlers,
  ...roleHandlers,
  ...membershipLevelHandlers,
  ...auditLogHandlers,
  ...scriptHandlers,
  ...appVersionHandlers,
  ...mediaHandlers,
  ...pluginHandlers,
  ...sessionHandlers,
  ...promotionHandlers,
  ...dashboardHandlers,
  ...notificationHandlers,
} satisfies CallHandlers;

export const CALLS: readonly CallDefinition[] = callsOf(HANDLERS);
