/**
 * Catches render errors. A failed chunk load offers a way out instead of a blank page: when the
 * server answers, the tab is stale (left open across a deploy) and a reload brings the screen back;
 * when it does not, the server or the network is down, said as such, with a retry that reloads
 * once the server answers again (a reload before that would show the browser's own error page).
 * Any other error says so and offers a reload. Kept free of heavy antd parts: it sits in the entry bundle.
 */
import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React from 'react';
import { PAGE_ERROR_TEXT as T } from '@/locales/zh-CN/common';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module/i.test(error.message)
  );
}

/** The server's liveness probe: answered by the process itself, never cached. */
export const HEALTH_PATH = '/api/health';

/** Whether the console's server answers at all (any HTTP answer counts: it is the network that failed). */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(HEALTH_PATH, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** What the probe found after a chunk failed: the server answers (a stale tab) or not (down). */
type Reach = 'checking' | 'answers' | 'unreachable' | 'retrying' | 'still-unreachable';

const BODIES: Record<Reach, string> = {
  checking: T.checking,
  answers: T.staleBody,
  unreachable: T.unreachableBody,
  retrying: T.checking,
  'still-unreachable': T.stillUnreachable,
};

interface State {
  error: unknown;
  reach: Reach;
}

export default class ChunkErrorBoundary extends React.Component<React.PropsWithChildren, State> {
  state: State = { error: null, reach: 'checking' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, reach: 'checking' };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
    if (isChunkLoadError(error)) void this.probe('unreachable');
  }

  private async probe(unreachable: Reach) {
    const answers = await serverAnswers();
    this.setState({ reach: answers ? 'answers' : unreachable });
    return answers;
  }

  private retry = async () => {
    this.setState({ reach: 'retrying' });
    if (await this.probe('still-unreachable')) window.location.reload();
  };

  render() {
    const { error, reach } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    const down = chunk && (reach === 'unreachable' || reach === 'retrying' || reach === 'still-unreachable');
    const title = !chunk ? T.crashedTitle : down ? T.unreachableTitle : T.staleTitle;
    const body = chunk ? BODIES[reach] : T.crashedBody;
    return (
      <div role="alert" style={{ padding: '72px 24px', textAlign: 'center' }}>
        <WarningOutlined style={{ fontSize: 56, color: '#faad14' }} />
        <h2 style={{ margin: '24px 0 8px' }}>{title}</h2>
        <p className="secondary-text" style={{ marginBottom: 24 }} aria-live="polite">
          {body}
        </p>
        {down ? (
          <Button type="primary" onClick={this.retry} loading={reach === 'retrying'}>
            {T.retry}
          </Button>
        ) : (
          <Button type="primary" onClick={() => window.location.reload()} disabled={chunk && reach === 'checking'}>
            {T.reload}
          </Button>
        )}
      </div>
    );
  }
}
