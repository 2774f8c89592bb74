/**
 * A payment channel adapter (docs/payments.md): how a member pays an order and who settles it.
 * Whatever the channel, settling goes through `payOrder` (server/order/settlement.ts), so the
 * membership, the commission and the order change together in one transaction.
 */
import type { PaymentInstructions } from '#contract/api/order';

/** What a channel sees of the order it is asked to start. */
export interface OrderToPay {
  orderNo: string;
  levelName: string;
  amountCents: number;
}

export interface PaymentChannel {
  /** Stored in `orders.channel`. */
  readonly name: string;
  /** Shown in the console. */
  readonly label: string;
  /** Whether a member may choose it when buying (`recharge` is staff only). */
  readonly selfService: boolean;
  /**
   * How the payment is confirmed: `manual` by staff in the order list (`order/confirm`), `immediate`
   * when the order is created paid (staff recharge), `callback` by the provider's notification.
   */
  readonly confirmation: 'manual' | 'immediate' | 'callback';
  /** What the member is told to do to pay a pending order (called when it is created and shown). */
  start(order: OrderToPay): PaymentInstructions;
}
