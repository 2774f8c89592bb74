/** The header's right side: the broom and the user menu. Loaded lazily, with the layout. */
import { UI_TEXT } from '@/shared/uiText';
import { feedback } from '@/utils/feedback';
import AvatarDropdown from './AvatarDropdown';
import CleanPluginButton from './CleanPluginButton';

export default function HeaderActions() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <CleanPluginButton onClick={() => feedback.message.warning(UI_TEXT.messages.pluginNotConnected)} />
      <AvatarDropdown />
    </span>
  );
}
