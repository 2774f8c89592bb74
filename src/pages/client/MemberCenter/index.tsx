/** `/client/memberCenter`: the account's membership, its pending orders, and the levels on sale to buy or renew. */
import { PageContainer } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Modal, Result } from 'antd';
import { useState } from 'react';
import { getToken } from '@/auth/session';
import { tryCall } from '@/services/tryCall';
import { act } from '@/kit/act';
import { FOCUS_REFRESH_TIMESPAN_MS } from '#contract/constants';
import { ORDER_TEXT } from '#contract/text/orders';
import type { LevelOnSale, PendingOrder } from '#contract/api/order';
import BuyDialog from './BuyDialog';
import LevelCards from './LevelCards';
import MembershipCard from './MembershipCard';
import PendingOrders, { PaymentSteps } from './PendingOrders';

const TEXT = ORDER_TEXT.memberCenter;

export default function MemberCenterPage() {
  const [buying, setBuying] = useState<LevelOnSale | null>(null);
  const [created, setCreated] = useState<PendingOrder | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);

  // Without a token (a logged-out visitor) the screen calls nothing.
  const { data, loading, refresh } = useRequest(() => tryCall('order/center', {}), {
    ready: Boolean(getToken()),
    refreshOnWindowFocus: true,
    focusTimespan: FOCUS_REFRESH_TIMESPAN_MS,
  });

  const { run: submit, loading: submitting } = useRequest(
    async (level: LevelOnSale) => {
      const order = await tryCall('order/create', { levelId: level.id });
      if (!order) return;
      setBuying(null);
      setCreated(order);
      refresh();
    },
    { manual: true },
  );

  const cancel = async (orderNo: string) => {
    setCancelling(orderNo);
    try {
      await act('order/cancel', { orderNo }, TEXT.cancelled, refresh);
    } finally {
      setCancelling(null);
    }
  };

  const firstLoad = loading && !data;
  return (
    <PageContainer title="会员中心">
      <MembershipCard membership={data?.membership} loading={firstLoad} />
      <PendingOrders orders={data?.pendingOrders ?? []} cancelling={cancelling} onCancel={cancel} />
      <LevelCards levels={data?.levels ?? []} membership={data?.membership} loading={firstLoad} onBuy={setBuying} />
      <BuyDialog
        level={buying}
        membership={data?.membership}
        pendingOrders={data?.pendingOrders ?? []}
        submitting={submitting}
        cancelling={cancelling}
        onSubmit={submit}
        onCancelOrder={(orderNo) => void cancel(orderNo)}
        onClose={() => setBuying(null)}
      />
      <Modal open={created !== null} footer={null} onCancel={() => setCreated(null)} width={560}>
        {created && (
          <Result
            status="success"
            title={TEXT.created}
            subTitle={`订单号 ${created.orderNo}，请按以下步骤完成支付`}
            style={{ paddingBottom: 0 }}
            extra={
              <div style={{ textAlign: 'left' }}>
                <PaymentSteps order={created} />
              </div>
            }
          />
        )}
      </Modal>
    </PageContainer>
  );
}
