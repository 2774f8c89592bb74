/** The payment channel registry: add an adapter here to offer it. */
import type { PaymentChannel } from './channel';
import { onlineChannel } from './online';
import { rechargeChannel } from './recharge';

export type { PaymentChannel, OrderToPay } from './channel';

export const PAYMENT_CHANNEL_ADAPTERS: readonly PaymentChannel[] = [onlineChannel, rechargeChannel];

const byName = new Map(PAYMENT_CHANNEL_ADAPTERS.map((channel) => [channel.name, channel]));

/** The adapter of a stored channel name (an unknown name is a programming error). */
export function paymentChannel(name: string): PaymentChannel {
  const channel = byName.get(name);
  if (!channel) throw new Error(`unknown payment channel: ${name}`);
  return channel;
}
