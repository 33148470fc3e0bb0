import type { ComponentType } from 'react';
import { useStores } from './stores-context';
import { LogoMark, MemosIcon, RunsIcon, SettingsIcon, SkillsIcon } from './icons';
import { PAGE_TITLES, PAGES, pageHref, type Page } from './routes';

const PAGE_ICONS: Record<Page, ComponentType> = {
  skills: SkillsIcon,
  runs: RunsIcon,
  memos: MemosIcon,
  settings: SettingsIcon,
};

export function Sidebar({ current }: { current: Page }) {
  return (
    <aside className="sidebar">
      <div className="brand">
        <LogoMark />
        <span className="brand-name">Skilldeck</span>
      </div>
      <nav aria-label="Sections">
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
                  <span>{PAGE_TITLES[page]}</span>
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
  const { useAppStore, useConnectionStore } = useStores();
  const info = useAppStore((s) => s.info);
  const state = useConnectionStore((s) => s.status.state);
  const link =
    state === 'open'
      ? { tone: 'ok', text: info?.runtime === 'electron' ? 'Desktop app' : 'Connected' }
      : state === 'closed'
        ? { tone: 'bad', text: 'Disconnected' }
        : { tone: 'warn', text: 'Connecting…' };
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
