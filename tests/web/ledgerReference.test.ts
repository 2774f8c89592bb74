/** A ledger entry's reference is shown in words: an order, a withdrawal, the opening balance; an unknown key as it is. */
import { orderReference, parseLedgerReference, withdrawalReference } from '#contract/ledger';
import { ledgerReferenceText } from '#contract/text/ledger';

describe('ledger references', () => {
  it('reads back what the server writes', () => {
    expect(parseLedgerReference(orderReference('202611214837261095'))).toEqual({ kind: 'order', orderNo: '202611214837261095' });
    expect(parseLedgerReference(withdrawalReference(12))).toEqual({ kind: 'withdrawal', id: 12 });
    expect(parseLedgerReference('demo:opening-balance')).toEqual({ kind: 'opening' });
  });

  it('says each in Chinese', () => {
    expect(ledgerReferenceText('order:202611214837261095')).toBe('订单 202611214837261095');
    expect(ledgerReferenceText('withdrawal:1')).toBe('提现申请 #1');
    expect(ledgerReferenceText('demo:opening-balance')).toBe('期初余额');
  });

  it('leaves anything else as written, and never takes a malformed key for a record', () => {
    expect(ledgerReferenceText('手工调整 2026-11')).toBe('手工调整 2026-11');
    expect(parseLedgerReference('withdrawal:0')).toEqual({ kind: 'other', text: 'withdrawal:0' });
    expect(parseLedgerReference('withdrawal:1x')).toEqual({ kind: 'other', text: 'withdrawal:1x' });
    expect(parseLedgerReference('order:')).toEqual({ kind: 'other', text: 'order:' });
  });
});
