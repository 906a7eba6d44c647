/**
 * The icons of the phone's bar and of the menu button: simple line drawings in the text's
 * colour. Decorative: each stands beside its name, which says what it is.
 */
const PATHS = {
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  compose: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  inbox: 'M4 5h16v11H9l-5 4z',
  media: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  menu: 'M4 7h16M4 12h16M4 17h16',
} as const;

export type IconName = keyof typeof PATHS;

/**
 * @example
 * ```tsx
 * <NavIcon name="calendar" />
 * ```
 */
export function NavIcon({ name }: { name: IconName }) {
  return (
    <svg
      class="nav-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      stroke-width={name === 'more' ? 3 : 1.75}
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
