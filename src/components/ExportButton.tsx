/**
 * 导出 in a list's toolbar (issue 15): a dropdown of 导出 CSV / 导出 Excel that downloads every row
 * the table's current filters match (not only the page) from the list's export call. Shown only
 * when `allowed` (the screen's `useAccess()` export flag); while the file streams the button spins
 * and a loading toast says so; a refusal's Chinese msg is toasted by the request layer.
 */
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { ExportFormat, ExportPath } from '#contract/api/exports';
import { EXPORT_TEXT } from '#contract/text/exports';
import { downloadExport } from '@/services/exportFile';
import { feedback } from '@/kit/feedback';
import { compactFilters } from '@/services/proTable';

export interface ExportButtonProps<P extends ExportPath> {
  path: P;
  /** The table's current filters, as its list call was last sent them (without the page). */
  filters: () => Record<string, unknown>;
  /** The export action flag of `useAccess()`: nothing is shown without it. */
  allowed: boolean;
}

const LOADING_KEY = 'export';

/** Exports `filters` of `path` as `format`, with the loading and outcome toasts. */
export async function runExport<P extends ExportPath>(path: P, filters: Record<string, unknown>, format: ExportFormat) {
  const { current: _current, pageSize: _pageSize, ...rest } = compactFilters(filters);
  feedback.message.loading({ content: EXPORT_TEXT.exporting, key: LOADING_KEY, duration: 0 });
  try {
    const exported = await downloadExport(path, { ...rest, format });
    if (exported) feedback.message.success({ content: EXPORT_TEXT.done(exported.rows), key: LOADING_KEY });
    else feedback.message.destroy(LOADING_KEY);
    return exported;
  } catch {
    feedback.message.error({ content: EXPORT_TEXT.failed, key: LOADING_KEY });
    return undefined;
  }
}

export default function ExportButton<P extends ExportPath>({ path, filters, allowed }: ExportButtonProps<P>) {
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const start = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await runExport(path, filters(), format);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: EXPORT_TEXT.csv },
          { key: 'xlsx', label: EXPORT_TEXT.xlsx },
        ],
        onClick: ({ key }) => void start(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="export-button">
        {EXPORT_TEXT.button} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
