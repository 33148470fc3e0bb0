import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from './stores-context';
import { PaletteButton } from '../features/launch/PaletteButton';
import { LogoMark, MemosIcon, PermissionsIcon, RunsIcon, SettingsIcon, SkillsIcon } from './icons';
import { PAGES, pageHref, type Page } from './routes';

const PAGE_ICONS: Record<Page, ComponentType> = {
  skills: SkillsIcon,
  runs: RunsIcon,
  memos: MemosIcon,
  permissions: PermissionsIcon,
  settings: SettingsIcon,
};

export function Sidebar({ current }: { current: Page }) {
  const { t } = useTranslation('app');
  return (
    <aside className="sidebar">
      <div className="brand">
        <LogoMark />
        <span className="brand-name">{t('common:appName')}</span>
      </div>
      <PaletteButton />
      <nav aria-label={t('nav')}>
        <ul className="nav-list">
          {PAGES.map((page) => {
            const PageIcon = PAGE_ICONS[page];
            return (
              <li key={page}>
                <a
                  className="nav-link"
                  href={pageHref(page)}
                  aria-current={page === current ? 'page' : undefined}
                >
                  <PageIcon />
                  <span>{t(`pages.${page}`)}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <SidebarFooter />
    </aside>
  );
}

function SidebarFooter() {
  const { t } = useTranslation('app');
  const { useAppStore, useConnectionStore } = useStores();
  const info = useAppStore((s) => s.info);
  const state = useConnectionStore((s) => s.status.state);
  const link =
    state === 'open'
      ? { tone: 'ok', text: t(info?.runtime === 'electron' ? 'link.desktop' : 'link.connected') }
      : state === 'closed'
        ? { tone: 'bad', text: t('link.disconnected') }
        : { tone: 'warn', text: t('link.connecting') };
  return (
    <div className="sidebar-footer">
      <span className="link-state" data-tone={link.tone}>
        <span className="link-dot" aria-hidden="true" />
        {link.text}
      </span>
      {info && <span className="version">v{info.version}</span>}
    </div>
  );
}
