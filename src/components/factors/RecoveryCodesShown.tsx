/**
 * The recovery codes, shown once (the server keeps only their hashes): a monospace grid with 复制
 * and 下载 (a .txt made in the browser), and 完成 only after 我已妥善保存 is ticked. A dialog that
 * shows it should not close by the mask or Esc meanwhile.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Space, theme } from 'antd';
import { useState } from 'react';
import { feedback } from '@/kit/feedback';
import { FACTOR_TEXT as T } from '@/locales/zh-CN/factors';
import { copyText } from '@/utils/clipboard';
import { downloadText } from '@/utils/download';

export interface RecoveryCodesShownProps {
  /** The codes as the server answered them (`XXXX-XXXX-…`). */
  codes: readonly string[];
  /** After 我已妥善保存 and 完成. */
  onDone: () => void;
  /** Names the account in the downloaded file's first line. */
  account?: string;
  /** The button's words (完成 unless given). */
  doneText?: string;
}

export default function RecoveryCodesShown({ codes, onDone, account, doneText = T.done }: RecoveryCodesShownProps) {
  const [saved, setSaved] = useState(false);
  const { token } = theme.useToken();
  const text = codes.join('\n');
  const copy = async () => {
    if (await copyText(text)) feedback.message.success(T.copied);
    else feedback.message.error(T.copyFailed);
  };
  const download = () => downloadText(`${T.codesFileHead(account)}\n\n${text}\n`, T.codesFile, 'text/plain;charset=utf-8');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={T.codesExplain} />
      <ol
        aria-label={T.codesList}
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
          gap: '6px 16px',
          margin: 0,
          padding: '12px 16px',
          listStyle: 'none',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          fontSize: 14,
        }}
      >
        {codes.map((code) => (
          <li key={code} style={{ whiteSpace: 'nowrap' }}>
            {code}
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={copy}>
          {T.copy}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {T.download}
        </Button>
      </Space>
      <Flex gap={12} wrap justify="space-between" align="center">
        <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
          {T.codesSaved}
        </Checkbox>
        <Button type="primary" disabled={!saved} onClick={onDone}>
          {doneText}
        </Button>
      </Flex>
    </Space>
  );
}
