import { DROPDOWN_HIDE_DELAY_MS } from '@shared/constants';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styles from './site-header.module.css';

/** The width from which the header is one row and About a floating dropdown (site-header.module.css). */
const isFloating = () => window.matchMedia('(min-width: 64rem)').matches;

interface MenuLink {
  label: string;
  href: string;
}

/**
 * The About dropdown of docs/behaviour.md §2. A mouse opens it by hovering, and it hides 150 ms after the
 * pointer leaves (so a diagonal move to an item does not close it); a tap or Enter/Space toggles
 * it; ArrowDown opens it on the first item; Escape closes it and returns focus to the button; any
 * navigation closes it; on a wide screen, focus moving away or a tap elsewhere closes it too.
 */
export function AboutMenu({ label, links, onNavigate }: { label: string; links: readonly MenuLink[]; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A mouse that opened the menu by hovering then clicks the button: that click must not close it. */
  const openedByHover = useRef(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  const cancelHide = () => {
    if (hideTimer.current !== undefined) clearTimeout(hideTimer.current);
    hideTimer.current = undefined;
  };
  const hideLater = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, DROPDOWN_HIDE_DELAY_MS);
  };
  useEffect(() => cancelHide, []);

  // Any navigation closes it.
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  // Only the floating dropdown closes when the pointer or focus goes elsewhere. In the phone menu the
  // list is inline: folding it up as a finger touches the next item would move that item away, and
  // the tap would land on whatever item moved under it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (isFloating() && root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[role="menu"] a') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelHide();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') hideLater();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = items().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    }
  };

  return (
    <li
      ref={root}
      className={styles.dropdown}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={(event) => {
        if (isFloating() && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        onClick={() => {
          cancelHide();
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={open ? styles.chevronOpen : styles.chevron}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={menuId} role="menu" aria-label={label} className={styles.menu} hidden={!open} onKeyDown={onMenuKeyDown}>
        {links.map((link) => (
          <li key={link.href} role="none">
            <Link
              role="menuitem"
              to={link.href}
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
