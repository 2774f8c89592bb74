/**
 * Menu icons by @ant-design/icons name. Only the names the menus use are bundled; an unknown
 * name renders nothing rather than pulling the whole icon set into the console.
 * Loaded lazily (see menuData.tsx), so the icons stay out of the entry bundle.
 */
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CodeOutlined,
  CreditCardOutlined,
  CrownOutlined,
  HomeOutlined,
  MenuOutlined,
  PictureOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, React.ComponentType> = {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CodeOutlined,
  CreditCardOutlined,
  CrownOutlined,
  HomeOutlined,
  MenuOutlined,
  PictureOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
};

export default function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name];
  return Icon ? <Icon /> : null;
}
