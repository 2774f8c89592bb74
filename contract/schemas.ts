/**
 * What is left of the old body schemas module: the two generic bodies, until the calls that still
 * take them (declared with `legacyCall`) move to the contract and use `Empty` / `PageQuery` of
 * contract/api/common.ts. The account schemas are in contract/api/account.ts.
 */
export { Empty as EmptyBodySchema, PageQuery as PageQuerySchema } from './api/common';
export type { Empty as EmptyBody, PageQuery as PageQueryBody } from './api/common';
