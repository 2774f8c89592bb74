/** `/news`: published articles, newest first, loading more as the reader scrolls. */
import { Link } from '@umijs/max';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { useInfiniteScroll } from 'ahooks';
import { Card, Empty, List, Result, Button, Spin, Typography } from 'antd';
import dayjs from '@/kit/dayjs';
import { useRef } from 'react';
import { callApi } from '@/services/request';
import type { NewsArticle } from '#contract/api/news';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, LOAD_MORE_THRESHOLD_PX } from '#contract/constants';
import { APP_TITLE, PUBLIC_ROUTE_TITLES } from '#contract/text/appTitle';
import usePageTitle from '@/kit/usePageTitle';
import styles from '@/kit/publicPage.module.less';

interface NewsPage {
  list: NewsArticle[];
  next?: number;
}

async function loadPage(current: number): Promise<NewsPage> {
  const { list, total } = await callApi('news/list', { current, pageSize: DEFAULT_PAGE_SIZE });
  return { list, next: current * DEFAULT_PAGE_SIZE < total ? current + 1 : undefined };
}

export default function NewsPage() {
  usePageTitle(PUBLIC_ROUTE_TITLES['/news']);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { data, loading, loadingMore, error, reload } = useInfiniteScroll<NewsPage>((last) => loadPage(last?.next ?? FIRST_PAGE), {
    target: scrollRef,
    threshold: LOAD_MORE_THRESHOLD_PX,
    isNoMore: (last) => !last?.next,
  });

  return (
    <div className={styles.page} ref={scrollRef} style={{ height: '100vh', overflow: 'auto' }}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src="/logo.svg" alt="" />
          {APP_TITLE}
        </Link>
        <Link to="/login" className={styles.navLink}>
          登录
        </Link>
      </header>
      <main className={styles.features} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Typography.Title level={1} style={{ fontSize: 30 }}>
          新闻资讯
        </Typography.Title>
        {error && !data?.list.length ? (
          <Result status="warning" title="新闻加载失败" subTitle={error.message} extra={<Button onClick={reload}>重试</Button>} />
        ) : (
          <Card>
            <List
              itemLayout="vertical"
              loading={loading}
              dataSource={data?.list ?? []}
              locale={{ emptyText: <Empty description="暂无新闻" /> }}
              renderItem={(article) => (
                <List.Item key={article.id}>
                  {/* Each article's title is a level-2 heading under the page's (Meta's title is an h4). */}
                  <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 4 }}>
                    {article.title}
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">{dayjs(article.publishedAt).format('YYYY-MM-DD HH:mm')}</Typography.Paragraph>
                  <div>
                    <Typography.Paragraph strong>{article.summary}</Typography.Paragraph>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{article.body}</Typography.Paragraph>
                  </div>
                </List.Item>
              )}
            />
            {loadingMore && <Spin style={{ display: 'block', margin: '16px auto' }} />}
          </Card>
        )}
      </main>
    </div>
  );
}
