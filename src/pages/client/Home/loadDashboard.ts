/** 首页 for staff (Dashboard), a chunk of its own loaded only for an account with a staff grant; a module of its own so tests can stand in for it. */
export const loadDashboard = () => import('./Dashboard');
