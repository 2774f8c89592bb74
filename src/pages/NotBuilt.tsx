/** A routed screen whose content belongs to a later release: its title, its layout, and a plain notice. */
import { PageContainer } from '@ant-design/pro-components';
import { useRouteProps } from '@umijs/max';
import { Result } from 'antd';

export default function NotBuilt() {
  const { title } = useRouteProps();
  return (
    <PageContainer title={title}>
      <Result status="info" title={`${title}：功能尚未上线`} subTitle="该页面的内容还在开发中，暂不可用。" />
    </PageContainer>
  );
}
