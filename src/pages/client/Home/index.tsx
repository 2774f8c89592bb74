/** `/client/home`: greeting, membership, the account's figures and the plug-in panel. */
import { PageContainer } from '@ant-design/pro-components';
import { Link, useAccess, useModel } from '@umijs/max';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import dayjs from '@/kit/dayjs';
import { getToken } from '@/auth/session';
import { tryCall } from '@/services/tryCall';
import type { Membership } from '#contract/api/account';
import HomeFigures from './HomeFigures';
import PluginPanel from './PluginPanel';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import { cachedReadOptions } from '@/services/requestDefaults';
import { useCachedRequest } from '@/services/useCachedRequest';
import { loadPromotionCards } from './loadPromotionCards';
import { loadDashboard } from './loadDashboard';

// A salesperson's referral cards: their own chunk, so the member 首页 downloads nothing more.
const PromotionCards = lazy(loadPromotionCards);
// Staff's 数据看板: its own chunk too (and the charts' in theirs).
const Dashboard = lazy(loadDashboard);

/**
 * Whether the account sees the staff dashboard instead of the member home: /admin, or one of the
 * lists whose figures it shows (every order needs 订单列表 with /admin; members hold 订单列表 for
 * their own orders only).
 */
export function seesDashboard(access: Partial<Record<string, boolean>>): boolean {
  return Boolean(access.canSeeAdmin || access.canSeeWithdrawalApprova || access.canSeeRechargeMannager || access.canSeeUsersManager);
}

export function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '早上好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export function MembershipSummary({ membership, now = Date.now() }: { membership: Membership | null; now?: number }) {
  if (!membership) {
    return (
      <span>
        <Tag>未开通会员</Tag>
        <Link to="/client/memberCenter">前往会员中心开通</Link>
      </span>
    );
  }
  const expired = membership.expiresAt !== null && membership.expiresAt <= now;
  return (
    <span>
      <Tag color={expired ? 'default' : 'gold'}>{membership.name}</Tag>
      {membership.expiresAt === null
        ? '长期有效'
        : `${expired ? '已于' : '有效期至'} ${dayjs(membership.expiresAt).format('YYYY-MM-DD')}${expired ? ' 过期' : ''}`}
    </span>
  );
}

export default function HomePage() {
  const { initialState } = useModel('@@initialState');
  // Startup has just fetched the account; membership changes elsewhere (a payment, staff), so
  // refresh it when the user comes back to the tab. The cache is per account: the next account to
  // log in on this tab must never see this one's.
  const { data: fresh } = useCachedRequest(() => tryCall('account/getOne'), {
    ...cachedReadOptions,
    manual: true,
    cacheKey: `account/getOne/${initialState?.username ?? ''}`,
    ready: Boolean(getToken()),
  });
  const username = fresh?.username ?? initialState?.username ?? '';
  const email = fresh?.email ?? initialState?.email;
  const membership = fresh ? fresh.membership : (initialState?.membershipInfo ?? null);
  const access = useAccess();
  const { canSeePromotion } = access;
  const promotion = canSeePromotion && getToken() && (
    <Suspense fallback={<Card loading style={{ marginBottom: 16 }} />}>
      <PromotionCards cacheKey={`promotion/summary/${username}`} />
    </Suspense>
  );
  if (seesDashboard(access) && getToken()) {
    return (
      <PageContainer title="首页">
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
          {greeting(new Date().getHours())}，{username}
        </Typography.Title>
        {promotion}
        <ChunkErrorBoundary>
          <Suspense fallback={<Card loading style={{ marginBottom: 16 }} />}>
            <Dashboard cacheKey={`dashboard/summary/${username}`} />
          </Suspense>
        </ChunkErrorBoundary>
      </PageContainer>
    );
  }
  return (
    <PageContainer title="首页">
      {promotion}
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
          {greeting(new Date().getHours())}，{username}
        </Typography.Title>
        <Descriptions column={1}>
          <Descriptions.Item label="邮箱">{email}</Descriptions.Item>
          <Descriptions.Item label="会员">
            <MembershipSummary membership={membership} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {getToken() && <HomeFigures cacheKey={`profile/summary/${username}`} />}
      <PluginPanel membership={membership} username={username} />
    </PageContainer>
  );
}
