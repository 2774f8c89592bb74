import { chromium } from 'playwright';
const BASE = 'http://127.0.0.1:8813';
const SCREENS = (process.env.SCREENS ?? 'menusManager,rolesManager,usersManager,saleManager,membershipManager,mediaManager,userShopManager,onlineUsers,loginLog,jsonEditer/actions,jsonEditer/urlActions,appManager/scriptManager,appManager/versionManager').split(',');
const SIZES = (process.env.SIZES ?? '1440x900,1280x800,1920x1080,390x844').split(',').map((s) => s.split('x').map(Number));
const USERS = (process.env.USERS ?? 'demo_admin').split(',');
const OUT = process.env.OUT ?? '/tmp/lay1-shots';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const user of USERS) {
    for (const [w, h] of SIZES) {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(BASE + '/login');
      await page.getByPlaceholder('用户名或邮箱').fill(user);
      await page.getByPlaceholder('密码', { exact: true }).fill('Demo@Console-2025');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL('**/client/home');
      for (const screen of SCREENS) {
        await page.goto(`${BASE}/client/system/${screen}`);
        await page.waitForTimeout(2500);
        const m = await page.evaluate(() => {
          const doc = document.documentElement;
          const tables = [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map((e) => `${e.scrollWidth}/${e.clientWidth}`);
          const narrow = [...document.querySelectorAll('td, th')].filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.width < 28 && (c.textContent ?? '').trim().length > 0; }).map((c) => (c.textContent ?? '').trim().slice(0, 8));
          const card = document.querySelector('.ant-pro-card, .ant-card');
          const denied = document.body.innerText.includes('403') || document.body.innerText.includes('无权');
          return { page: `${doc.scrollWidth}/${innerWidth}`, pageH: doc.scrollHeight, card: card ? Math.round(card.getBoundingClientRect().width) : 0, tables, narrow: narrow.slice(0, 5) };
        });
        const ok = Number(m.page.split('/')[0]) <= w && (w < 1000 || m.tables.every((t) => { const [a, b] = t.split('/').map(Number); return a <= b; })) && m.narrow.length === 0;
        console.log(`${ok ? 'OK ' : 'BAD'} ${user} ${w}x${h} ${screen} page=${m.page} h=${m.pageH} card=${m.card} tables=${m.tables.join(',')} narrow=${JSON.stringify(m.narrow)}`);
        await page.screenshot({ path: `${OUT}/${user}-${w}-${screen.replace('/', '_')}.png`, fullPage: w < 1000 });
      }
      await page.close();
    }
  }
  await browser.close();
})();
