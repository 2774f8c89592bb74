/** The shop platform the plug-in works on. Kept out of shared/constants: only the client area needs it. */

/** The platform's creator page, where the plug-in joins the creator programme. */
export const CREATOR_PAGE_URL = 'https://affiliate.tiktok.com/connection/creator';

/** Shop platforms the bind flow offers (the plug-in's `shop-type`), one list with the server's. */
export { SHOP_PLATFORMS as SHOP_TYPES } from '@/shared/shops';
