/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { useState } from 'react';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { EMPTY_SELECT_VALUE_ERROR, Select, SelectItem } from './Select';
import { SelectField } from './SelectField';

expect.extend(toHaveNoViolations);

const PRIORITIES = [
  { value: 'Baja', label: 'Baja' },
  { value: 'Media', label: 'Media' },
  { value: 'Alta', label: 'Alta' },
  { value: 'Urgente', label: 'Urgente' },
];

function Controlled({ onChange = jest.fn() }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('Media');
  return (
    <SelectField
      label="Prioridad"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={PRIORITIES}
    />
  );
}

describe('Select and SelectField', () => {
  it('is a combobox named by its label that shows the chosen value', () => {
    renderWithTheme(<Controlled />);
    const trigger = screen.getByRole('combobox', { name: 'Prioridad' });
    expect(trigger).toHaveTextContent('Media');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a listbox and chooses an option with the pointer', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Baja', 'Media', 'Alta', 'Urgente']);
    await user.click(screen.getByRole('option', { name: 'Urgente' }));
    expect(onChange).toHaveBeenCalledWith('Urgente');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Prioridad' }).textContent).toContain('Urgente');
  });

  it('works from the keyboard: open with Enter, arrows to move, Enter to choose', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Controlled onChange={onChange} />);
    screen.getByRole('combobox', { name: 'Prioridad' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('Alta');
  });

  it('wires error text: aria-invalid and aria-describedby after the hint', () => {
    renderWithTheme(<SelectField label="Estado" hint="Estado del contrato." error="Elige un estado" options={PRIORITIES} placeholder="Elige..." />);
    const trigger = screen.getByRole('combobox', { name: 'Estado' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    const described = trigger.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Estado del contrato.', 'Elige un estado']);
    expect(trigger.textContent).toContain('Elige...');
  });

  it('refuses an item whose value is the empty string with a clear error (development)', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithTheme(
        <Select aria-label="Tipo" options={[{ value: '', label: 'Todos' }, ...PRIORITIES]} open />,
      ),
    ).toThrow(EMPTY_SELECT_VALUE_ERROR);
    expect(EMPTY_SELECT_VALUE_ERROR).toMatch(/empty string/);
  });

  it('renders nothing for such an item in production, and keeps the others', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      renderWithTheme(
        <Select aria-label="Tipo" open>
          <SelectItem value="">Todos</SelectItem>
          <SelectItem value="Apartamento">Apartamento</SelectItem>
        </Select>,
      );
      await screen.findByRole('listbox');
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apartamento']);
      expect(screen.queryByText('Todos')).toBeNull();
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('has no axe violations in either theme, closed with an error and open', async () => {
    await expectAccessibleInBothThemes(
      <form>
        <SelectField label="Prioridad" defaultValue="Media" options={PRIORITIES} />
        <SelectField label="Estado" error="Elige un estado" options={PRIORITIES} placeholder="Elige..." />
      </form>,
    );
    await expectAccessibleInBothThemes(<SelectField label="Prioridad" defaultValue="Media" options={PRIORITIES} open />);
  });
});
