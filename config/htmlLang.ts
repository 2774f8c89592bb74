/**
 * Umi's HTML template writes a bare `<html>`: the page's language is said here, so screen readers
 * read the console in Chinese (WCAG 3.1.1).
 */
import type { IApi } from '@umijs/max';

export const HTML_LANG = 'zh-CN';

export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('html').attr('lang', HTML_LANG);
    return $;
  });
};
