/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { FormActions } from './FormActions';

expect.extend(toHaveNoViolations);

describe('FormActions', () => {
  it('submits the form and cancels with the other button', () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const onCancel = jest.fn();
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} pending={false} submitLabel="Crear Propiedad" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Crear Propiedad' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("is disabled and reads 'Guardando...' while pending, or the label it is given", () => {
    const { rerender } = renderWithTheme(<FormActions onCancel={jest.fn()} pending submitLabel="Crear Contrato" />);
    expect(screen.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    rerender(<FormActions onCancel={jest.fn()} pending submitLabel="Reportar Incidencia" pendingLabel="Reportando..." />);
    expect(screen.getByRole('button', { name: 'Reportando...' })).toBeDisabled();
    rerender(<FormActions onCancel={jest.fn()} pending={false} submitLabel="Reportar Incidencia" pendingLabel="Reportando..." />);
    expect(screen.getByRole('button', { name: 'Reportar Incidencia' })).toBeEnabled();
  });

  it('is accessible in both themes', async () => {
    await expectAccessibleInBothThemes(<FormActions onCancel={jest.fn()} pending={false} submitLabel="Guardar" />);
  });
});
