/**
 * A menu folder (系统管理, 脚本编辑, APP管理): its screens render inside it; its own path opens the
 * first of them the account may see (the layout shows 403 when it may see none).
 */
import { Navigate, useAccess, useLocation, useOutlet } from '@umijs/max';
import { clientRoutes } from '../../../../config/routes';
import { firstAllowedScreen } from '@/auth/firstScreen';
import { HOME_PATH } from '@/auth/redirect';

export default function Folder() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const flags = useAccess();
  if (outlet) return outlet;
  return <Navigate to={firstAllowedScreen(clientRoutes, pathname, flags) ?? HOME_PATH} replace />;
}
