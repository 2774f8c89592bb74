/**
 * The header's right side: the plug-in's release notice, the bell, the broom and the user menu.
 * Loaded lazily, with the layout; starts the plug-in bridge.
 */
import { useModel } from '@umijs/max';
import { useEffect } from 'react';
import NotificationBell from '@/components/Notifications';
import { useRecordChanges } from '@/components/Notifications/recordChanges';
import AvatarDropdown from './AvatarDropdown';
import CleanPluginButton from './CleanPluginButton';
import PluginReleaseNotice from './PluginReleaseNotice';
import UiSettingsButton from './UiSettingsButton';

export default function HeaderActions() {
  const plugin = useModel('extension');
  const { start } = plugin;
  // The client area listens for the plug-in from its first page on.
  useEffect(() => {
    void start();
  }, [start]);
  // A flow paused or resumed (the kill switch): a connected plug-in fetches its scripts now, which
  // carry the pauses, instead of at its next poll; a join it runs stops at its next product.
  useRecordChanges(['pluginFlow'], () => void plugin.refreshScripts());
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <PluginReleaseNotice state={plugin} />
      <NotificationBell />
      <CleanPluginButton onClick={() => void plugin.clean()} busy={plugin.running === 'clean'} />
      <UiSettingsButton />
      <AvatarDropdown />
    </span>
  );
}
