/** The bind form's fields (shop type + shop url), the same on /client/home and /client/shopManager. */
import type { Rule } from 'antd/es/form';
import { SHOP_PLATFORMS } from '#contract/shopPlatforms';

export const SHOP_TYPE_OPTIONS = SHOP_PLATFORMS.map(({ value, label }) => ({ value, label }));
export const DEFAULT_SHOP_TYPE = SHOP_PLATFORMS[0].value;
export const SHOP_URL_PLACEHOLDER = 'https://seller.tiktokglobalshop.com/…';

export const SHOP_TYPE_RULES: Rule[] = [{ required: true, message: '请选择店铺平台' }];
export const SHOP_URL_RULES: Rule[] = [
  { required: true, whitespace: true, message: '请输入店铺地址' },
  // A pasted url often carries spaces: check it as it will be sent (trimmed).
  { type: 'url', transform: (value?: string) => value?.trim(), message: '请输入以 http:// 或 https:// 开头的店铺地址' },
];
