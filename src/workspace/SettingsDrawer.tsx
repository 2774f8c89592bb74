/**
 * 界面设置: theme, compact mode, layout mode, the bar of open pages and the primary colour. Each
 * choice applies at once and is kept in this browser (./uiSettings).
 */
import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Form, Radio, Switch, Typography } from 'antd';
import { SETTINGS_DRAWER_TEXT as T } from '@/locales/zh-CN/workspace';
import { PRIMARY_PRESETS, type PrimaryPreset } from '@/theme';
import { LAYOUT_MODES, saveUiSettings, THEME_MODES, useUiSettings } from './uiSettings';

const FIELD_IDS = { theme: 'ui-theme', compact: 'ui-compact', layout: 'ui-layout', tabs: 'ui-tabs', primary: 'ui-primary' } as const;

function Swatch({ preset, chosen, dark }: { preset: PrimaryPreset; chosen: boolean; dark: boolean }) {
  const { name, light, dark: darkSeed } = PRIMARY_PRESETS[preset];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 14,
          height: 14,
          borderRadius: 3,
          background: dark ? darkSeed : light,
        }}
      >
        {chosen && <CheckOutlined style={{ fontSize: 10, color: dark ? '#000' : '#fff' }} />}
      </span>
      {name}
    </span>
  );
}

/** One of a few choices, as a row of buttons. */
function ButtonChoice<T extends string>({
  id,
  value,
  choices,
  onChange,
}: {
  id: string;
  value: T;
  choices: Array<[T, string]>;
  onChange(value: T): void;
}) {
  return (
    <Radio.Group
      id={id}
      optionType="button"
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      options={choices.map(([choice, label]) => ({ value: choice, label }))}
    />
  );
}

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useUiSettings();
  const dark = settings.theme === 'dark';
  return (
    <Drawer title={T.title} open={open} onClose={onClose} width={320}>
      <Form layout="vertical" component="div">
        <Form.Item label={T.theme} htmlFor={FIELD_IDS.theme}>
          <ButtonChoice
            id={FIELD_IDS.theme}
            value={settings.theme}
            choices={THEME_MODES.map((mode) => [mode, T[mode]])}
            onChange={(theme) => saveUiSettings({ theme })}
          />
        </Form.Item>
        <Form.Item label={T.primary} htmlFor={FIELD_IDS.primary}>
          <Radio.Group
            id={FIELD_IDS.primary}
            value={settings.primary}
            onChange={(event) => saveUiSettings({ primary: event.target.value })}
          >
            {(Object.keys(PRIMARY_PRESETS) as PrimaryPreset[]).map((preset) => (
              <Radio key={preset} value={preset} style={{ marginBottom: 8 }}>
                <Swatch preset={preset} chosen={settings.primary === preset} dark={dark} />
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={T.layout} htmlFor={FIELD_IDS.layout}>
          <ButtonChoice
            id={FIELD_IDS.layout}
            value={settings.layout}
            choices={LAYOUT_MODES.map((mode) => [mode, T.layouts[mode]])}
            onChange={(layout) => saveUiSettings({ layout })}
          />
        </Form.Item>
        <Form.Item label={T.compact} htmlFor={FIELD_IDS.compact}>
          <Switch id={FIELD_IDS.compact} checked={settings.compact} onChange={(compact) => saveUiSettings({ compact })} />
        </Form.Item>
        <Form.Item label={T.tabs} htmlFor={FIELD_IDS.tabs}>
          <Switch id={FIELD_IDS.tabs} checked={settings.tabs} onChange={(tabs) => saveUiSettings({ tabs })} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{T.note}</Typography.Text>
    </Drawer>
  );
}
