/**
 * `/api/admin/plugin/installLink` (public): where 安装插件 goes; `plugin/token`: the plug-in token the
 * console hands a connected plug-in instead of its own. The plug-in's own calls are made by the plug-in.
 */
import { callApi } from '@/services/request';

export const pluginInstallLink = () => callApi('plugin/installLink', {}, { errorToast: false });

export const issuePluginToken = () => callApi('plugin/token', {}, { errorToast: false });
