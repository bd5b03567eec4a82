/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { darkTheme, lightTheme, type StatusTone } from '../theme/themes';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { StatusBadge, statusTone, type StatusKind } from './StatusBadge';

expect.extend(toHaveNoViolations);

function hexToRgb(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('statusTone (spec §4)', () => {
  it.each<[StatusKind, string, StatusTone]>([
    ['contract', 'Activo', 'green'],
    ['contract', 'Pendiente', 'yellow'],
    ['contract', 'Finalizado', 'grey'],
    ['contract', 'Rescindido', 'blue'],
    ['contract', '', 'blue'],
    ['incident', 'Abierta', 'red'],
    ['incident', 'En Progreso', 'yellow'],
    ['incident', 'Resuelta', 'green'],
    ['incident', 'Cerrada', 'grey'],
    ['priority', 'Urgente', 'red'],
    ['priority', 'Alta', 'orange'],
    ['priority', 'Media', 'yellow'],
    ['priority', 'Baja', 'green'],
  ])('%s %p is %s', (kind, value, tone) => {
    expect(statusTone(kind, value)).toBe(tone);
  });

  it('does not mistake inherited object keys for values', () => {
    expect(statusTone('contract', 'toString')).toBe('blue');
    expect(statusTone('incident', 'constructor')).toBe('grey');
  });
});

describe('StatusBadge', () => {
  it('writes the value and paints it with the theme tone, in each theme', () => {
    for (const theme of [lightTheme, darkTheme]) {
      const view = renderWithTheme(<StatusBadge kind="priority" value="Alta" />, theme.mode);
      const badge = screen.getByText('Alta');
      expect(badge.dataset.tone).toBe('orange');
      expect(getComputedStyle(badge).backgroundColor).toBe(hexToRgb(theme.tones.orange.background));
      expect(getComputedStyle(badge).color).toBe(hexToRgb(theme.tones.orange.text));
      view.unmount();
    }
  });

  it('has no axe violations in either theme', async () => {
    await expectAccessibleInBothThemes(
      <ul>
        {(['Activo', 'Pendiente', 'Finalizado', 'Otro'] as const).map((v) => (
          <li key={v}>
            <StatusBadge kind="contract" value={v} />
          </li>
        ))}
        {(['Abierta', 'En Progreso', 'Resuelta', 'Cerrada'] as const).map((v) => (
          <li key={v}>
            <StatusBadge kind="incident" value={v} />
          </li>
        ))}
        {(['Urgente', 'Alta', 'Media', 'Baja'] as const).map((v) => (
          <li key={v}>
            <StatusBadge kind="priority" value={v} />
          </li>
        ))}
      </ul>,
    );
  });
});
