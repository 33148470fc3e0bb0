import type { ReactNode } from 'react';

// Inline SVG (stroke icons in the style of Lucide, drawn here): no icon font, nothing fetched.
function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const SkillsIcon = () => (
  <Icon>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </Icon>
);

export const RunsIcon = () => (
  <Icon>
    <path d="M12 8v4l2.5 2.5" />
    <circle cx="12" cy="12" r="9" />
  </Icon>
);

export const MemosIcon = () => (
  <Icon>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6" />
    <path d="M8 13h8M8 17h5" />
  </Icon>
);

export const SettingsIcon = () => (
  <Icon>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </Icon>
);

export const RefreshIcon = () => (
  <Icon size={16}>
    <path d="M21 12a9 9 0 1 1-2.64-6.36" />
    <path d="M21 3v6h-6" />
  </Icon>
);

export const PaletteIcon = () => (
  <Icon size={16}>
    <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.8 1.6-1.6 0-.5-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.9.7-1.6 1.6-1.6H16a5 5 0 0 0 5-5c0-4.2-4-7.6-9-7.6z" />
    <circle cx="7.5" cy="11.5" r="1" />
    <circle cx="10.5" cy="7.5" r="1" />
    <circle cx="15.5" cy="8.5" r="1" />
  </Icon>
);

export const WarningIcon = () => (
  <Icon size={16}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon size={18}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const KeyIcon = () => (
  <Icon size={20}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 9.2-9.2M16 7l3 3M14 9l2 2" />
  </Icon>
);

/** A shield with a tick: the Permissions page. */
export const PermissionsIcon = () => (
  <Icon>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

/** The Skilldeck mark: a fanned deck of cards. */
export const LogoMark = () => (
  <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="5" y="7" width="16" height="20" rx="4" transform="rotate(-12 13 17)" fill="var(--logo-back)" />
    <rect x="11" y="5" width="16" height="20" rx="4" transform="rotate(8 19 15)" fill="var(--accent)" />
    <path d="M19 10.5l1.4 3.1 3.1 1.4-3.1 1.4-1.4 3.1-1.4-3.1-3.1-1.4 3.1-1.4z" fill="#fff" />
  </svg>
);

/** Run a skill: a play triangle. */
export const PlayIcon = () => (
  <Icon size={16}>
    <path d="M7 4.5v15l12-7.5z" />
  </Icon>
);

/** The command palette's button: a magnifier. */
export const SearchIcon = () => (
  <Icon size={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
