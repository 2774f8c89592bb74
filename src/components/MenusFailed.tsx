/**
 * Shown in place of every screen when the menu tree did not load for a live session: without it no
 * screen can be checked, and a 403 on each would say the account lacks a right it may well hold.
 * 重试 loads the startup state again (menus and user info).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Button, Result } from 'antd';
import { UI_TEXT } from '@/locales/zh-CN/common';

const text = UI_TEXT.menusFailed;

export default function MenusFailed() {
  const { refresh, loading } = useModel('@@initialState');
  // In a PageContainer, laid out like a screen (see Forbidden).
  return (
    <PageContainer pageHeaderRender={false}>
      <Result
        status="error"
        title={text.title}
        subTitle={text.body}
        extra={
          <Button type="primary" loading={loading} onClick={() => void refresh()}>
            {text.retry}
          </Button>
        }
      />
    </PageContainer>
  );
}
