/**
 * The capabilities (legacy §6 and product.md's screens) and the action flags (product.md), derived from the urls of the
 * menus the server granted.
 */
import type { InitialState } from '@/auth/startup';
import { actionsFromUrls, capabilitiesFromUrls, type ActionFlags, type Capabilities } from '#contract/capabilities';

export default function access(initialState: InitialState | undefined): Capabilities & ActionFlags {
  const urls = (initialState?.menulist ?? []).map((menu) => menu.url);
  return { ...capabilitiesFromUrls(urls), ...actionsFromUrls(urls) };
}
