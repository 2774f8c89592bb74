/** `/`: what the console does, where to get the plug-in, how to get in. */
import { ApiOutlined, ShopOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { InstallButton } from '@/extensionBridge/InstallLink';
import { APP_TITLE, PUBLIC_ROUTE_TITLES } from '#contract/text/appTitle';
import usePageTitle from '@/kit/usePageTitle';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import styles from '@/kit/publicPage.module.less';

const FEATURES = [
  { icon: <ShopOutlined />, title: '店铺绑定', text: '通过浏览器插件一键绑定店铺，在控制台统一管理。' },
  { icon: <TeamOutlined />, title: '达人邀约', text: '粘贴商品 ID 列表，插件自动加入达人计划并邀约达人。' },
  { icon: <WalletOutlined />, title: '销售收益', text: '销售人员查看佣金收支、绑定收款卡并申请提现。' },
  { icon: <ApiOutlined />, title: '集中管理', text: '管理员配置菜单权限、会员等级、插件脚本与版本。' },
];

export default function IntroPage() {
  usePageTitle(PUBLIC_ROUTE_TITLES['/']);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src="/logo.svg" alt="" />
          {APP_TITLE}
        </Link>
        <Space>
          <Link to="/news" className={styles.navLink}>
            新闻资讯
          </Link>
          <Link to="/login">
            <Button type="primary">登录</Button>
          </Link>
        </Space>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className={styles.hero}>
          <Typography.Title>达人邀约，一个插件就够了</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
            {APP_TITLE}连接你的店铺与浏览器插件：绑定店铺、批量加入达人计划、管理会员与销售收益。
          </Typography.Paragraph>
          <Space size="middle" wrap style={{ justifyContent: 'center' }}>
            <Link to="/register">
              <Button type="primary" size="large">
                免费注册
              </Button>
            </Link>
            <Link to="/login">
              <Button size="large">登录账户</Button>
            </Link>
            <InstallButton size="large" />
          </Space>
        </section>
        <section className={styles.features}>
          <Row gutter={[16, 16]}>
            {FEATURES.map((feature) => (
              <Col xs={24} sm={12} lg={6} key={feature.title}>
                <Card>
                  <Typography.Title level={2} style={{ marginTop: 0, fontSize: 18 }}>
                    <Space>
                      {feature.icon}
                      {feature.title}
                    </Space>
                  </Typography.Title>
                  <Typography.Text type="secondary">{feature.text}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      </main>
    </div>
  );
}
