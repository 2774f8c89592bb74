/** 媒体素材管理: the media library, and the news articles in a second tab. */
import { PageContainer } from '@ant-design/pro-components';
import { useRouteProps } from '@umijs/max';
import { CONTENT_TEXT } from '@/locales/zh-CN/content';
import MediaLibrary from './MediaLibrary';
import NewsAdmin from './NewsAdmin';
import useQueryParam from '@/kit/useQueryParam';

type Tab = 'media' | 'news';

export default function MediaManager() {
  const { title } = useRouteProps();
  const [tabParam, setTabParam] = useQueryParam('tab');
  const tab: Tab = tabParam === 'news' ? 'news' : 'media';
  return (
    <PageContainer
      title={title}
      tabActiveKey={tab}
      onTabChange={(key) => setTabParam(key === 'news' ? 'news' : null)}
      tabList={[
        { key: 'media', tab: CONTENT_TEXT.mediaTab },
        { key: 'news', tab: CONTENT_TEXT.newsTab },
      ]}
    >
      {tab === 'media' ? <MediaLibrary /> : <NewsAdmin />}
    </PageContainer>
  );
}
