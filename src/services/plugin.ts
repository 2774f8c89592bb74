/**
 * `/api/admin/plugin/installLink` (public): where 安装插件 goes; `plugin/token`: the plug-in token the
 * console hands a connected plug-in instead of its own; `shop/bindStart`: a bind's id for the plug-in;
 * `run/start`: the run a flow reports into. The plug-in's own calls are made by the plug-in. All are quiet (`errorToast: false`): the
 * plug-in flows and 安装插件 word a failure themselves.
 */
import type { BodyOf } from '#contract/api';
import { callApi } from '@/services/request';

export const pluginInstallLink = () => callApi('plugin/installLink', {}, { errorToast: false });

export const issuePluginToken = () => callApi('plugin/token', {}, { errorToast: false });

/** `shop/bindStart`: the bind id the plug-in reports the shop with. */
export const startShopBind = () => callApi('shop/bindStart', {}, { errorToast: false });

/** `run/start`: the run the plug-in reports a bind, a join or a stop into. */
export const startPluginRun = (body: BodyOf<'run/start'>) => callApi('run/start', body, { errorToast: false });
