/** `/api/admin/plugin/installLink` (public): where 安装插件 goes. The plug-in's own calls are made by the plug-in. */
import { callApi } from '@/services/request';

export const pluginInstallLink = () => callApi('plugin/installLink', {}, { errorToast: false });
