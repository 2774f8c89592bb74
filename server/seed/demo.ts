/** Demo data (`CONSOLE_DEMO=1`): membership levels, the demo accounts, a salesperson, news. */
export const MEMBERSHIP_LEVEL_SEEDS = [
  { name: '基础版', priceCents: 9900, durationDays: 30, shopQuota: 1, productQuota: 50, sort: 10 },
  { name: '专业版', priceCents: 29900, durationDays: 90, shopQuota: 3, productQuota: 200, sort: 20 },
  { name: '旗舰版', priceCents: 99900, durationDays: 365, shopQuota: 10, productQuota: 1000, sort: 30 },
] as const;

export const DEMO_MEMBER_LEVEL = '专业版';
export const DEMO_MEMBER_DAYS = 30;
export const DEMO_SALE_COMMISSION_BP = 1000;

export const NEWS_SEEDS = [
  {
    title: '达人联盟控制台正式上线',
    summary: '一站式管理店铺、会员与达人邀约，配合浏览器插件批量邀请达人。',
    body: '达人联盟控制台现已上线。登录后即可在首页连接插件、绑定店铺，并为商品批量发起达人邀约；会员中心提供多档会员套餐，满足不同规模店铺的需要。',
    daysAgo: 10,
  },
  {
    title: '插件新增店铺绑定状态提示',
    summary: '绑定店铺时会实时返回成功或失败原因，排查问题更方便。',
    body: '新版插件在店铺绑定流程结束后会回传绑定状态与提示信息，控制台将以弹窗形式展示结果。请在插件商店更新到最新版本。',
    daysAgo: 5,
  },
  {
    title: '会员套餐调整说明',
    summary: '专业版与旗舰版的商品 ID 数量上限提升。',
    body: '自本月起，专业版单次邀约的商品 ID 上限提升至 200 个，旗舰版提升至 1000 个。已购买的会员自动享受新额度，无需任何操作。',
    daysAgo: 1,
  },
] as const;
