/** The dev-only banner of an active mock scenario (`npm run dev`; README, "Front-end work with mocks"). */
export const MOCK_TEXT = {
  kinds: { fail: '调用失败', empty: '空响应' } as Record<string, string>,
  scopes: { global: '所有浏览器', browser: '本浏览器', account: '本账号' } as Record<string, string>,
  everyCall: '所有调用',
  banner: (kind: string, path: string, scope: string) => `模拟场景：${kind}（${path}，范围：${scope}）`,
  end: '结束场景',
};
