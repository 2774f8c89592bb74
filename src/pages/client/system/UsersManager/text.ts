/** Strings of the users screen that tests also look for. */

/**
 * The pagination's total (ProTable's wording). A text search counts its matches only up to a cap
 * (`totalCapped`): the total is then "at least", shown as `1000+`.
 */
export const accountsTotalText = (total: number, range: [number, number], capped: boolean) =>
  `第 ${range[0]}-${range[1]} 条/总共 ${total}${capped ? '+' : ''} 条`;
