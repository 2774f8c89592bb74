/** 媒体素材管理: the media library, and the news articles in a second tab. */
import { PageContainer } from '@ant-design/pro-components';
import { useRouteProps, useSearchParams } from '@umijs/max';
import { CONTENT_TEXT } from '@/shared/content';
import MediaLibrary from './MediaLibrary';
import NewsAdmin from './NewsAdmin';

type Tab = 'media' | 'news';

export default function MediaManager() {
  const { title } = useRouteProps();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'news' ? 'news' : 'media';
  return (
    <PageContainer
      title={title}
      tabActiveKey={tab}
      onTabChange={(key) => setSearchParams(key === 'news' ? { tab: 'news' } : {})}
      tabList={[
        { key: 'media', tab: CONTENT_TEXT.mediaTab },
        { key: 'news', tab: CONTENT_TEXT.newsTab },
      ]}
    >
      {tab === 'media' ? <MediaLibrary /> : <NewsAdmin />}
    </PageContainer>
  );
}
