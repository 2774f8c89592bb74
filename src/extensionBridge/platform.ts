/** The shop platform the plug-in works on. Kept out of shared/constants: only the client area needs it. */
import type { CreatorPage } from './controller';

/** The platform's creator page, where the plug-in joins the creator programme (and stops it). */
export const CREATOR_PAGE: CreatorPage = { url: 'https://affiliate.tiktok.com/connection/creator', platform: 'tiktok' };
