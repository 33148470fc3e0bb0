import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorPage } from '../features/editor/EditorPage';
import { UndoToast } from '../features/editor/UndoToast';
import { useEditorRoute } from '../features/editor/use-editor-route';
import { GrantsPage } from '../features/grants/GrantsPage';
import { MemosPage } from '../features/memos/MemosPage';
import { LaunchHost } from '../features/launch/LaunchHost';
import { PromptsHost } from '../features/prompts/PromptsHost';
import { RunsPage } from '../features/runs/RunsPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SkillsPage } from '../features/skills/SkillsPage';
import { ConnectionBanner } from './ConnectionBanner';
import { type Page } from './routes';
import { Sidebar } from './Sidebar';
import { usePage } from './use-page';

const PAGE_VIEWS: Record<Page, ComponentType> = {
  skills: SkillsPage,
  runs: RunsPage,
  memos: MemosPage,
  permissions: GrantsPage,
  settings: SettingsPage,
};

export function App() {
  const { t } = useTranslation();
  const page = usePage();
  const main = useRef<HTMLElement>(null);
  const firstPage = useRef(page);

  useEffect(() => {
    document.title = `${t(`app:pages.${page}`)} · ${t('appName')}`;
    // After navigating (not on first load), put keyboard and screen-reader focus on the new page's heading.
    if (page !== firstPage.current) {
      firstPage.current = page;
      main.current?.querySelector<HTMLElement>('h1')?.focus();
    }
  }, [page, t]);

  // `#/skills/<id>` opens the skill editor (the sidebar still shows Skills).
  const editing = useEditorRoute();
  const View = editing ? EditorPage : PAGE_VIEWS[page];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Sidebar current={page} />
      <main id="main" ref={main} className="main" tabIndex={-1}>
        <ConnectionBanner />
        <View />
      </main>
      <LaunchHost page={editing ? null : page} />
      <PromptsHost />
      <UndoToast />
    </div>
  );
}
