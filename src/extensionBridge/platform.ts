/** The shop platform the plug-in works on. Kept out of shared/constants: only the client area needs it. */

/** The platform's creator page, where the plug-in joins the creator programme. */
export const CREATOR_PAGE_URL = 'https://affiliate.tiktok.com/connection/creator';
