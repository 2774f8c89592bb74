/**
 * Development only (`npm run dev`, the umi mock endpoints): a small banner while a mock scenario
 * applies to this browser, read from `GET /api/mock/scenario` (with this browser's cookie and
 * login) on arrival, when the window regains focus and every few seconds. Its button ends the
 * scenario in the scope it was set in. Without the mock (a proxy, a build) it shows nothing.
 */
import { Alert, Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getToken } from '@/auth/session';
import { MOCK_TEXT } from '@/locales/zh-CN/mock';

export const MOCK_SCENARIO_URL = '/api/mock/scenario';
const POLL_MS = 5_000;

export interface ActiveScenario {
  kind: 'fail' | 'empty';
  path?: string;
  scope: 'global' | 'browser' | 'account';
}

interface ScenarioReport {
  active: ActiveScenario | null;
  account: { username: string } | null;
}

const authorization = (): Record<string, string> => {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

async function readReport(): Promise<ScenarioReport | null> {
  try {
    const response = await fetch(MOCK_SCENARIO_URL, { headers: authorization(), cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '')) return null;
    // A raw fetch of the dev mock's own endpoint (not a contract call, so not callApi): its wrapper is read here.
    const body = (await response.json()) as { isSuccess?: boolean; content?: ScenarioReport };
    return body?.isSuccess && body.content ? body.content : null;
  } catch {
    return null;
  }
}

export const scenarioText = ({ kind, path, scope }: ActiveScenario) =>
  MOCK_TEXT.banner(MOCK_TEXT.kinds[kind] ?? kind, path || MOCK_TEXT.everyCall, MOCK_TEXT.scopes[scope] ?? scope);

export default function MockScenarioBanner() {
  const [report, setReport] = useState<ScenarioReport | null>(null);
  const load = useCallback(async () => setReport(await readReport()), []);

  useEffect(() => {
    let live = true;
    const refresh = () => {
      void readReport().then((next) => {
        if (live) setReport(next);
      });
    };
    refresh();
    const timer = window.setInterval(refresh, POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, []);

  const active = report?.active;
  if (!active) return null;
  const end = async () => {
    await fetch(MOCK_SCENARIO_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...authorization() },
      body: JSON.stringify({
        scenario: 'none',
        scope: active.scope,
        ...(active.scope === 'account' ? { account: report?.account?.username } : {}),
      }),
    }).catch(() => undefined);
    await load();
  };
  return (
    <Alert
      data-testid="mock-scenario-banner"
      type="warning"
      showIcon
      message={scenarioText(active)}
      action={
        <Button size="small" onClick={end}>
          {MOCK_TEXT.end}
        </Button>
      }
      style={{ position: 'fixed', left: '50%', bottom: 16, transform: 'translateX(-50%)', zIndex: 1100, maxWidth: 'calc(100vw - 32px)' }}
    />
  );
}
