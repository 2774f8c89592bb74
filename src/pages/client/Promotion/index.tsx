/** `/client/promotion` (推广中心): the salesperson's invite code, link and QR code, its totals, monthly commission and the accounts it referred. */
import { PageContainer } from '@ant-design/pro-components';
import ReferralView from '@/components/ReferralView';

export default function PromotionPage() {
  return (
    <PageContainer title="推广中心">
      <ReferralView />
    </PageContainer>
  );
}
