import { Icon, Tooltip, useThemeMode } from '@arrendia/ui';
import { IconButton } from './IconButton';

/** Light/dark switch; the choice is stored under 'theme' by the ThemeProvider (spec §1). */
export function ThemeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? 'Activar tema claro' : 'Activar tema oscuro';
  return (
    <Tooltip content={label}>
      <IconButton type="button" onClick={toggleMode} aria-label={label}>
        <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
      </IconButton>
    </Tooltip>
  );
}
