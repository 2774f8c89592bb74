/** 会员中心's buy dialog: one pending order per level, offered to pay or cancel instead of a second one. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import BuyDialog from '@/pages/client/MemberCenter/BuyDialog';
import { ORDER_TEXT } from '#contract/text/orders';
import type { LevelOnSale, PendingOrder } from '#contract/api/order';

const TEXT = ORDER_TEXT.memberCenter;

const pro: LevelOnSale = { id: 2, name: '专业版', priceCents: 19900, durationDays: 30, shopQuota: 3, productQuota: 200 };

const pending = (levelId: number, levelName: string, orderNo: string): PendingOrder =>
  ({
    orderNo,
    levelId,
    levelName,
    durationDays: 30,
    amountCents: 19900,
    status: 'pending',
    createdAt: '2026-11-27T02:00:00.000Z',
    instructions: { title: `请支付 ¥199.00`, steps: [`转账时备注订单号 ${orderNo}`] },
  }) as PendingOrder;

function renderDialog(pendingOrders: PendingOrder[]) {
  const handlers = { onSubmit: jest.fn(), onCancelOrder: jest.fn(), onClose: jest.fn() };
  render(<BuyDialog level={pro} membership={null} pendingOrders={pendingOrders} submitting={false} cancelling={null} {...handlers} />);
  return handlers;
}

const submitButton = () => screen.getByRole('button', { name: new RegExp(TEXT.submitOrder.split('').join('\\s*')) });

describe('BuyDialog', () => {
  it('with no pending order, confirms the purchase', () => {
    const { onSubmit } = renderDialog([]);
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith(pro);
  });

  it("offers the level's pending order to pay or cancel, and no second order", async () => {
    const { onSubmit, onCancelOrder } = renderDialog([pending(2, '专业版', '202611271234567890')]);
    expect(screen.getByText(TEXT.pendingSameLevel('202611271234567890'))).toBeInTheDocument();
    expect(screen.getByText('转账时备注订单号 202611271234567890')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(submitButton());
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: new RegExp(TEXT.cancelOrder.split('').join('\\s*')) }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 5_000 }));
    await waitFor(() => expect(onCancelOrder).toHaveBeenCalledWith('202611271234567890'));
  });

  it("names other levels' pending orders, and still lets this one be ordered", () => {
    const { onSubmit } = renderDialog([pending(3, '旗舰版', '202611270000000001')]);
    expect(screen.getByText(TEXT.pendingOtherLevels('旗舰版（202611270000000001）'))).toBeInTheDocument();
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith(pro);
  });
});
