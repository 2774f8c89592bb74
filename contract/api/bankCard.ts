/** A salesperson's payout cards: only the last four digits are stored and answered. */
import { Type, type Static } from '@sinclair/typebox';
import { CAPABILITY_URLS } from '../capabilities';
import { CARD_BANK_MAX, CARD_HOLDER_MAX, CARD_NUMBER_MAX, CARD_NUMBER_MIN, CARD_NUMBER_PATTERN, MAX_CARDS } from '../ledger';
import { DateTime, Id, IdBodySchema, Page, PageQuery } from './common';
import { defineApi } from './define';

const patternMessage = (message: string) => ({ patternMessage: message });

export const AddCardBody = Type.Object(
  {
    holder: Type.String({ minLength: 1, maxLength: CARD_HOLDER_MAX }),
    bank: Type.String({ minLength: 1, maxLength: CARD_BANK_MAX }),
    cardNumber: Type.String({ pattern: CARD_NUMBER_PATTERN, ...patternMessage(`应为 ${CARD_NUMBER_MIN}–${CARD_NUMBER_MAX} 位数字`) }),
    /** Make it the default card (the first card always is). */
    makeDefault: Type.Optional(Type.Boolean({ description: '设为默认卡（第一张卡总是默认卡）' })),
  },
  { additionalProperties: false },
);
export type AddCardBody = Static<typeof AddCardBody>;

export const CardIdBody = IdBodySchema;
export type CardIdBody = Static<typeof CardIdBody>;

export const BankCard = Type.Object({
  id: Id(),
  holder: Type.String(),
  bank: Type.String(),
  last4: Type.String({ description: '卡号后四位' }),
  isDefault: Type.Boolean(),
  createdAt: DateTime(),
});
export type BankCard = Static<typeof BankCard>;

const cardGrant = { anyGrant: [CAPABILITY_URLS.canSeeBindCarManager] } as const;

const exampleCard: BankCard = {
  id: 3,
  holder: '张三',
  bank: '招商银行',
  last4: '4242',
  isDefault: true,
  createdAt: '2026-11-18T02:15:00.000Z',
};

export const bankCardApi = {
  'bankCard/list': defineApi({
    summary: '本人的银行卡，默认卡在前（分页）',
    description: '收支明细页也列出银行卡，供提现时选择。',
    // The ledger screen lists the cards too, to pick the one a withdrawal is paid to.
    auth: { anyGrant: [CAPABILITY_URLS.canSeeBindCarManager, CAPABILITY_URLS.canSeeSaleBalanceRecord] },
    body: PageQuery,
    answer: Page(BankCard),
    example: { body: { current: 1, pageSize: 100 }, answer: { list: [exampleCard], total: 1, current: 1, pageSize: 100 } },
  }),
  'bankCard/add': defineApi({
    summary: '绑定银行卡（卡号须通过 Luhn 校验；只保存后四位）',
    description: `同一张卡已绑定：A0400（cardNumber）；最多 ${MAX_CARDS} 张。第一张卡自动成为默认卡。`,
    auth: cardGrant,
    stepUp: true,
    body: AddCardBody,
    answer: BankCard,
    example: { body: { holder: '张三', bank: '招商银行', cardNumber: '4242424242424242', makeDefault: true }, answer: exampleCard },
  }),
  'bankCard/remove': defineApi({
    summary: '删除银行卡（删除默认卡时，最新的另一张卡成为默认卡）',
    description: '有待审核提现的卡不能删除；别人的卡按不存在回答。',
    auth: cardGrant,
    stepUp: true,
    body: CardIdBody,
    answer: Type.Object({ id: Id() }),
    example: { body: { id: 3 }, answer: { id: 3 } },
  }),
  'bankCard/setDefault': defineApi({
    summary: '设为默认银行卡',
    auth: cardGrant,
    body: CardIdBody,
    answer: BankCard,
    example: { body: { id: 3 }, answer: exampleCard },
  }),
};
