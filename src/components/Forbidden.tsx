/** Shown instead of a route the account may not see. */
import { history } from '@umijs/max';
import { Button, Result } from 'antd';

export default function Forbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，你无权访问该页面"
      extra={
        <Button type="primary" onClick={() => history.push('/client/home')}>
          返回首页
        </Button>
      }
    />
  );
}
