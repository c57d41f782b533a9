import { useEffect } from 'react';

/** Sets the browser tab's title for a page: '<page> | Grain Growers Mutual'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title.includes('Grain Growers Mutual') ? title : `${title} | Grain Growers Mutual`;
  }, [title]);
}
