/** What the server says about news articles (媒体素材管理's 新闻). */
export const NEWS_MESSAGES = {
  missing: '该新闻不存在',
  titleRequired: '标题不能为空',
  alreadyPublished: '该新闻已发布',
  notPublished: '该新闻尚未发布',
} as const;
