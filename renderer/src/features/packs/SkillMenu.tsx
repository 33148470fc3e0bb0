import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { ExportDialog } from './ExportDialog';
import './packs.css';

/**
 * A skill card's "…" menu (a menu button: Enter, Space or ↓ opens it on its first item, ↑↓ move, Esc or a
 * click elsewhere closes it, focus back on the button). Export… opens the export dialog.
 */
export function SkillMenu({ skill }: { skill: SkillSummary }) {
  const { t } = useTranslation('packs');
  const ids = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <span className="skill-menu">
      <button
        ref={button}
        type="button"
        className="button button-ghost skill-menu-button"
        aria-label={t('menu.label', { name: skill.name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${ids}-menu` : undefined}
        data-testid={`skill-menu-${skill.id}`}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div ref={menu} id={`${ids}-menu`} role="menu" className="skill-menu-list" onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="skill-menu-item"
            onClick={() => {
              setOpen(false);
              setExporting(true);
            }}
          >
            {t('menu.export')}
          </button>
        </div>
      )}
      {exporting && (
        <ExportDialog
          skill={skill}
          onClosed={() => {
            setExporting(false);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}
