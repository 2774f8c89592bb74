/** Sets the browser tab's title on the pages that have no layout (the layout titles its own pages). */
import { useEffect } from 'react';
import { APP_TITLE } from '#contract/text/appTitle';

export default function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${APP_TITLE}`;
  }, [title]);
}
