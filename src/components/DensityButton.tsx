/**
 * The list toolbar's 表格密度 choice, in place of pro-table's own: its toolbar wraps the density
 * icon (a memo component that takes no ref) in a Tooltip, and React warns about findDOMNode in
 * development. Here the Tooltip holds a Button, which takes the ref.
 */
import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';

export type TableDensity = 'large' | 'middle' | 'small';

const DENSITIES: Array<{ key: TableDensity; label: string }> = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

export default function DensityButton({ value, onChange }: { value: TableDensity | undefined; onChange: (next: TableDensity) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: DENSITIES,
        selectable: true,
        selectedKeys: [value ?? 'large'],
        onClick: ({ key }) => onChange(key as TableDensity),
      }}
    >
      <Tooltip title="表格密度">
        <Button type="text" size="small" aria-label="表格密度" icon={<ColumnHeightOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
