/** An account in one list cell: its username, its email under it, each cut with a tooltip. */
import { Space, Typography } from 'antd';

export default function AccountCell({ username, email }: { username: string; email: string }) {
  return (
    <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
      <Typography.Text ellipsis={{ tooltip: username }}>{username}</Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: email }} style={{ fontSize: 12 }}>
        {email}
      </Typography.Text>
    </Space>
  );
}
