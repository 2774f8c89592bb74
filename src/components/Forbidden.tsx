/**
 * Shown instead of a route the account may not see: names the refused screen. In a PageContainer
 * without a header, like every screen, so ProLayout lays it out like one (without it, ProLayout pads
 * its content and the bar of open pages above it moves and narrows).
 */
import { PageContainer } from '@ant-design/pro-components';
import { history, useLocation } from '@umijs/max';
import { Button, Result } from 'antd';
import { UI_TEXT } from '@/locales/zh-CN/common';
import { ROUTE_TITLES } from '#contract/text/routes';
import { HOME_PATH } from '@/auth/redirect';

const text = UI_TEXT.forbidden;

/** The title of the screen at `pathname`, if the route table names it. */
export const refusedScreen = (pathname: string): string | undefined =>
  (ROUTE_TITLES as Record<string, string>)[pathname.replace(/\/+$/, '')];

export default function Forbidden() {
  const screen = refusedScreen(useLocation().pathname);
  return (
    <PageContainer pageHeaderRender={false}>
      <Result
        status="403"
        title={text.title}
        subTitle={screen ? text.refused(screen) : text.refusedUnknown}
        extra={
          <Button type="primary" onClick={() => history.push(HOME_PATH)}>
            {text.backHome}
          </Button>
        }
      />
    </PageContainer>
  );
}
