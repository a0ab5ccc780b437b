import { useEffect, useState, type ComponentType } from 'react';
import { useSite } from '../../app-context.js';
import type { StoryAuthorMenuProps } from './StoryAuthorMenu.js';

/**
 * The story page's author menu, loaded only for the story's author and only in the browser:
 * every other reader of the page (nearly all of them) never downloads the trash and pin code
 * behind it. The server renders nothing here, and the menu's button appears once its module
 * has loaded after hydration, so the HTML is the same for every reader.
 */
export function LazyStoryAuthorMenu(props: StoryAuthorMenuProps) {
  const { viewer } = useSite();
  const isAuthor = viewer?.id === props.creatorId;
  const [Menu, setMenu] = useState<ComponentType<StoryAuthorMenuProps> | null>(null);
  useEffect(() => {
    if (!isAuthor || Menu) return;
    let current = true;
    void import('./StoryAuthorMenu.js').then((m) => {
      if (current) setMenu(() => m.StoryAuthorMenu);
    });
    return () => {
      current = false;
    };
  }, [isAuthor, Menu]);
  return isAuthor && Menu ? <Menu {...props} /> : null;
}
