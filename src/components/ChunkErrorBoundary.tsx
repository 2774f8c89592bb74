/**
 * Catches render errors. A failed chunk load (a tab left open across a deploy) offers a reload
 * instead of a blank page; any other error says so and offers the same way out.
 * Kept free of heavy antd parts: it sits in the entry bundle.
 */
import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React from 'react';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module/i.test(error.message)
  );
}

interface State {
  error: unknown;
}

export default class ChunkErrorBoundary extends React.Component<React.PropsWithChildren, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = isChunkLoadError(error);
    return (
      <div role="alert" style={{ padding: '72px 24px', textAlign: 'center' }}>
        <WarningOutlined style={{ fontSize: 56, color: '#faad14' }} />
        <h2 style={{ margin: '24px 0 8px' }}>{stale ? '页面资源加载失败' : '页面出错了'}</h2>
        <p className="secondary-text" style={{ marginBottom: 24 }}>
          {stale ? '控制台可能已经更新，请重新加载页面。' : '请重新加载页面，问题仍在时请联系管理员。'}
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </div>
    );
  }
}
