/** A salesperson's 首页 cards (loaded lazily by the 首页 screen, so the member 首页 does not grow). */
import { Card } from 'antd';
import { tryCall } from '@/services/tryCall';
import { useCachedRequest } from '@/services/useCachedRequest';
import InviteCards from '@/components/InviteCards';

export default function PromotionCards({ cacheKey }: { cacheKey: string }) {
  const { data, loading } = useCachedRequest(() => tryCall('promotion/summary', {}, { errorToast: false }), { cacheKey });
  if (!data) return loading ? <Card loading style={{ marginBottom: 16 }} /> : null;
  // 首页 shows a salesperson's cards; an account that is none (staff holding every menu) gets nothing here (推广中心 says why).
  if (!data.isSalesperson) return null;
  return (
    <section aria-label="推广" data-testid="home-promotion">
      <InviteCards summary={data} />
    </section>
  );
}
