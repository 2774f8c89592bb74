/** Every API call and export the server mounts: one handler map per domain folder, complete by type. */
import type { CallHandlers } from './context';
import { callsOf, type CallDefinition } from './http/calls';
import { exportsOf, type ExportDefinition } from './http/exports';
import { EXPORT_PLANS } from './exports/handlers';
import { accountHandlers } from './account/handlers';
import { factorHandlers } from './factor/handlers';
import { appVersionHandlers } from './appVersion/handlers';
import { auditLogHandlers } from './auditLog/handlers';
import { bankCardHandlers } from './bankCard/handlers';
import { ledgerHandlers } from './ledger/handlers';
import { loginLogHandlers } from './loginLog/handlers';
import { securityEventHandlers } from './securityEvent/handlers';
import { mediaHandlers } from './media/handlers';
import { membershipLevelHandlers } from './membershipLevel/handlers';
import { menuHandlers } from './menu/handlers';
import { newsHandlers } from './news/handlers';
import { notificationHandlers } from './notification/handlers';
import { orderHandlers } from './order/handlers';
import { pluginHandlers } from './plugin/handlers';
import { profileHandlers } from './profile/handlers';
import { promotionHandlers } from './promotion/handlers';
import { dashboardHandlers } from './dashboard/handlers';
import { roleHandlers } from './role/handlers';
import { runHandlers } from './run/handlers';
import { saleHandlers } from './sale/handlers';
import { scriptHandlers } from './script/handlers';
import { sessionHandlers } from './session/handlers';
import { shopHandlers } from './shop/handlers';
import { withdrawalHandlers } from './withdrawal/handlers';
import { parameterHandlers } from './parameter/handlers';
import { reconciliationHandlers } from './reconciliation/handlers';
import { referralReviewHandlers } from './referralReview/handlers';
import { payoutHandlers } from './payout/handlers';

/** A handler for every call of the contract: a missing one, or one of a path outside it, fails tsc. */
export const HANDLERS = {
  ...accountHandlers,
  ...factorHandlers,
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
  ...loginLogHandlers,
  ...securityEventHandlers,
  ...promotionHandlers,
  ...dashboardHandlers,
  ...notificationHandlers,
  ...runHandlers,
  ...parameterHandlers,
  ...reconciliationHandlers,
  ...referralReviewHandlers,
  ...payoutHandlers,
} satisfies CallHandlers;

export const CALLS: readonly CallDefinition[] = callsOf(HANDLERS);

export const EXPORTS: readonly ExportDefinition[] = exportsOf(EXPORT_PLANS);
