/** A person's reading of a user agent: the sessions of 个人设置, 在线用户 and 登录日志 show it. */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\/(\d+)/],
  ['Chrome', /Chrome\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];
const SYSTEMS: [string, RegExp][] = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** 'Chrome 120 · Windows' from a user agent, or the raw text when it is not recognised. */
export function describeAgent(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : userAgent;
}
