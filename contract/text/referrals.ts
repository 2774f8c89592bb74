/** 推荐审核's Chinese: the flags with what each means, and the review statuses (the screen and the server's audit share them). */
import type { ReferralFlag, ReferralReviewStatus } from '../referrals';

export const REFERRAL_FLAG_LABELS: Record<ReferralFlag, string> = {
  sameNetwork: '与销售同一网络',
  sameDevice: '与销售同一设备',
  emailPattern: '邮箱与销售相似',
  networkBurst: '同一网络批量注册',
};

export const REFERRAL_FLAG_HELP: Record<ReferralFlag, string> = {
  sameNetwork: '注册地址与推荐销售近 30 天登录过的网络相同',
  sameDevice: '注册时的浏览器与推荐销售近 30 天的某次登录相同，且来自相邻网络',
  emailPattern: '注册邮箱是推荐销售自己的邮箱加标签、点或数字（同一域名）',
  networkBurst: '同一网络 24 小时内已注册 2 个以上被推荐账号',
};

export const REFERRAL_REVIEW_STATUS_LABELS: Record<ReferralReviewStatus, string> = {
  open: '待审核',
  cleared: '已通过',
  voided: '已作废',
};
