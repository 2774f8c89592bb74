/** A salesperson's 首页 cards (Promotion/HomeCards), a chunk of their own; a module of its own so tests can stand in for it. */
export const loadPromotionCards = () => import('./Promotion/HomeCards');
