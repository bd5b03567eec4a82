/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { NumberField, parseNumberInput } from './NumberField';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

expect.extend(toHaveNoViolations);

const describedTexts = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);

describe('TextAreaField', () => {
  it('ties its label to a textarea, with hint and error read in that order', () => {
    renderWithTheme(<TextAreaField label="Descripción" hint="Qué ha pasado y dónde." error="La descripción es obligatoria" />);
    const box = screen.getByRole('textbox', { name: 'Descripción' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(box)).toEqual(['Qué ha pasado y dónde.', 'La descripción es obligatoria']);
  });

  it('is valid and undescribed without error or hint', () => {
    renderWithTheme(<TextAreaField label="Notas" />);
    const box = screen.getByRole('textbox', { name: 'Notas' });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('parseNumberInput (spec §5: empty is undefined, otherwise a number)', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['12', 12],
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['-3', -3],
    ['abc', undefined],
  ])('%p → %p', (raw, expected) => {
    expect(parseNumberInput(raw)).toBe(expected);
  });
});

describe('NumberField', () => {
  it('is a labelled number input that reports numbers, and undefined when emptied', async () => {
    const onValueChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<NumberField label="Coste estimado" onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Coste estimado' });
    expect(input.getAttribute('type')).toBe('number');
    await user.type(input, '95');
    expect(onValueChange).toHaveBeenLastCalledWith(95);
    await user.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(undefined);
  });

  it('shows a controlled value, null as empty', () => {
    const { rerender } = renderWithTheme(<NumberField label="Día de pago" value={5} onValueChange={() => undefined} />);
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('5');
    rerender(<NumberField label="Día de pago" value={null} onValueChange={() => undefined} />);
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('');
  });

  it('marks an error', () => {
    renderWithTheme(<NumberField label="Día de pago" error="Indica un día entre 1 y 31" min={1} max={31} />);
    const input = screen.getByRole('spinbutton', { name: 'Día de pago' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(input)).toEqual(['Indica un día entre 1 y 31']);
  });
});

it('TextField, TextAreaField, NumberField and SelectField have no axe violations in either theme, with and without errors', async () => {
  await expectAccessibleInBothThemes(
    <form>
      <TextField label="Título" required />
      <TextField label="Código" error="El código ya existe" />
      <TextAreaField label="Descripción" hint="Opcional." />
      <TextAreaField label="Motivo" error="Indica el motivo" />
      <NumberField label="Renta mensual" />
      <NumberField label="Fianza" error="La fianza no puede ser negativa" />
      <SelectField label="Prioridad" options={[{ value: 'Media', label: 'Media' }]} defaultValue="Media" />
      <SelectField label="Estado" options={[{ value: 'Activo', label: 'Activo' }]} error="Elige un estado" placeholder="Elige..." />
    </form>,
  );
});
