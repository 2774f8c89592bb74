/** The 20 capabilities (legacy §6), derived from the urls of the menus the server granted. */
import type { InitialState } from '@/models/startup';
import { capabilitiesFromUrls, type Capabilities } from '@/shared/capabilities';

export default function access(initialState: InitialState | undefined): Capabilities {
  return capabilitiesFromUrls((initialState?.menulist ?? []).map((menu) => menu.url));
}
