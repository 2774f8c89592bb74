/** A salesperson's 首页 cards (Home/PromotionCards), a chunk of their own; a module of its own so tests can stand in for it. */
export const loadPromotionCards = () => import('./PromotionCards');
