import type { Role } from '@app/shared/constants';
import { paths } from '@/config/paths';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { parentOf, type SectionKey, sectionFromParam } from './settings-sections';

/** Marks a history entry as opened from `from` within this visit to Settings. */
type SectionState = { settingsFrom?: SectionKey } | null;

const hrefOf = (section: SectionKey) => paths.settings.href(section === 'menu' ? undefined : section);

/**
 * The open Settings section, kept in the address (`?section=profile`): opening one pushes a history entry, so the
 * browser's Back (a phone's back gesture) returns to where it was opened from, and a reload reopens it. The screen's
 * own back arrow does the same: it goes back in history when the section was opened from its parent here, and
 * otherwise (a reload, a shared link) replaces the entry with the parent, never leaving Settings.
 */
export function useSettingsSection(role: Role | null) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const section = sectionFromParam(params.get('section'), role);

  const open = (next: SectionKey) => {
    if (next === section) return;
    void navigate(hrefOf(next), { state: { settingsFrom: section } satisfies SectionState });
  };

  const back = () => {
    const parent = parentOf(section);
    if ((location.state as SectionState)?.settingsFrom === parent) void navigate(-1);
    else void navigate(hrefOf(parent), { replace: true });
  };

  return { section, open, back };
}
