/**
 * The referral cards: the invite code and link with 复制, the link as a QR code with 下载二维码,
 * and the totals (已赚佣金, 已退回, 已提现, 可提现, 冻结中). On 推广中心, in 销售管理's 推广详情
 * and (lazily) on a salesperson's 首页.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, QRCode, Row, Space, Statistic, Typography } from 'antd';
import { useId } from 'react';
import type { PromotionSummary } from '#contract/api/promotion';
import { formatYuan } from '#contract/money';
import { PROMOTION_TEXT as T } from '#contract/text/promotion';
import { BALANCE_TEXT } from '#contract/text/ledger';
import { copyText } from '@/utils/clipboard';
import { feedback } from '@/kit/feedback';
import { inviteLink } from '@/kit/inviteLinks';

async function copy(text: string) {
  if (await copyText(text)) feedback.message.success(T.copied);
  else feedback.message.error(T.copyFailed);
}

/** Saves the QR code's canvas as a PNG (antd's QRCode download pattern). */
function downloadQr(containerId: string, code: string) {
  const canvas = document.getElementById(containerId)?.querySelector<HTMLCanvasElement>('canvas');
  if (!canvas) return;
  const anchor = document.createElement('a');
  anchor.download = `邀请二维码-${code}.png`;
  anchor.href = canvas.toDataURL('image/png');
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** `own`: the caller's (我的邀请码); staff looking at a salesperson see 邀请码. */
export function InviteCodeCards({ summary, own = true }: { summary: PromotionSummary; own?: boolean }) {
  const qrId = `invite-qr-${useId().replace(/:/g, '')}`;
  if (!summary.inviteCode) return <Alert type="info" showIcon message={T.notSalesperson} style={{ marginBottom: 16 }} />;
  const code = summary.inviteCode;
  const link = inviteLink(code);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={16}>
        <Card style={{ height: '100%' }}>
          {!summary.codeActive && <Alert type="warning" showIcon message={T.codeInactive} style={{ marginBottom: 16 }} />}
          <Typography.Text type="secondary">{own ? T.inviteCode : T.inviteCodeOf}</Typography.Text>
          <Space align="center" wrap style={{ display: 'flex', margin: '4px 0 20px' }}>
            <Typography.Text strong style={{ fontSize: 28, letterSpacing: 2, fontFamily: 'monospace' }} data-testid="invite-code">
              {code}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => copy(code)} aria-label={`${T.copy}${T.inviteCode}`}>
              {T.copy}
            </Button>
          </Space>
          <Typography.Text type="secondary">{T.inviteLink}</Typography.Text>
          <Space align="center" wrap style={{ display: 'flex', marginTop: 4 }}>
            <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="invite-link">
              {link}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => copy(link)} aria-label={`${T.copy}${T.inviteLink}`}>
              {T.copy}
            </Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 } }}>
          <Typography.Text type="secondary">{T.qrCode}</Typography.Text>
          <div id={qrId}>
            <QRCode value={link} size={160} bgColor="#ffffff" color="#000000" bordered={false} type="canvas" aria-label={T.qrCode} />
          </div>
          <Button icon={<DownloadOutlined />} onClick={() => downloadQr(qrId, code)}>
            {T.downloadQr}
          </Button>
        </Card>
      </Col>
    </Row>
  );
}

type TotalKey = 'earnedCents' | 'refundedCents' | 'withdrawnCents' | 'availableCents' | 'pendingCents' | 'owedCents' | 'heldCents';

/** The totals; 待扣回 only while something is owed. */
const TOTALS: ReadonlyArray<{ key: TotalKey; title: string; onlyWhenOwed?: boolean }> = [
  { key: 'earnedCents', title: T.earned },
  { key: 'refundedCents', title: T.refunded },
  { key: 'withdrawnCents', title: T.withdrawn },
  { key: 'availableCents', title: T.available },
  { key: 'pendingCents', title: BALANCE_TEXT.pending },
  { key: 'owedCents', title: BALANCE_TEXT.owed, onlyWhenOwed: true },
  { key: 'heldCents', title: T.held },
];

export function TotalsCards({ summary }: { summary: PromotionSummary }) {
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 16, marginBottom: 16 }}
      data-testid="promotion-totals"
    >
      {TOTALS.filter((total) => !total.onlyWhenOwed || summary.owedCents > 0).map(({ key, title }) => (
        <Card key={key} size="small">
          <Statistic title={title} prefix="¥" value={formatYuan(summary[key])} />
          {key === 'availableCents' && summary.adjustedCents !== 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {T.adjusted(formatYuan(summary.adjustedCents))}
            </Typography.Text>
          )}
        </Card>
      ))}
    </div>
  );
}

/** Both, for 首页: the code, the link, the QR code and the totals. */
export default function InviteCards({ summary }: { summary: PromotionSummary }) {
  return (
    <>
      <InviteCodeCards summary={summary} />
      {summary.isSalesperson && <TotalsCards summary={summary} />}
    </>
  );
}
