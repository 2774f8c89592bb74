/** The chart drawing's chunk (echarts), loaded on first use; a module of its own so tests can stand in for it. */
export const loadEChart = () => import('./EChart');
