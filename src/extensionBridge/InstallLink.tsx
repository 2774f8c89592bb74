/**
 * 安装插件: the plug-in's store page when the server has one configured (`PLUGIN_STORE_URL`), else
 * the newest published release's download (版本管理), read once per page load from
 * `plugin/installLink`. With neither, the link says so instead of leading nowhere.
 */
import { Button, Tooltip, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { PLUGIN_INSTALL_TEXT as T } from '@/locales/zh-CN/plugin';
import { pluginInstallLink } from '@/services/plugin';
import { ignoreRefusal } from '@/services/tryCall';
import { useCachedRequest } from '@/services/useCachedRequest';
import { REQUEST_CACHE_TIME_MS } from '#contract/constants';

export function usePluginInstallLink() {
  const { data, loading } = useCachedRequest(async () => (await pluginInstallLink().catch(ignoreRefusal)) ?? null, {
    cacheKey: 'plugin/installLink',
    cacheTime: REQUEST_CACHE_TIME_MS,
  });
  return { link: data ?? null, loading };
}

const titleOf = (link: { source: string | null; version: string | null } | null) =>
  link?.source === 'release' && link.version ? T.releaseTitle(link.version) : undefined;

/** An inline link (a tag's neighbour, a message). */
export function InstallLink({ children = T.install, icon }: { children?: ReactNode; icon?: ReactNode }) {
  const { link, loading } = usePluginInstallLink();
  if (loading && !link) return null;
  if (!link?.url) {
    return (
      <Tooltip title={T.unavailable}>
        <span className="secondary-text" aria-disabled="true">
          {icon && <>{icon} </>}
          {children}
        </span>
      </Tooltip>
    );
  }
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" title={titleOf(link)}>
      {icon && <>{icon} </>}
      {children}
    </a>
  );
}

/** A button (the intro page). */
export function InstallButton({ children = T.installBrowser, ...props }: ButtonProps) {
  const { link, loading } = usePluginInstallLink();
  const button = (
    <Button
      {...props}
      href={link?.url ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      loading={loading && !link}
      disabled={!loading && !link?.url}
      title={titleOf(link)}
    >
      {children}
    </Button>
  );
  return !loading && !link?.url ? <Tooltip title={T.unavailable}>{button}</Tooltip> : button;
}
