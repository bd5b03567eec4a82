/** @jest-environment jsdom */
import { ACCOUNT_ERASED_MESSAGE } from '@arrendia/api-contract';
import { isOpenPath, isPublicPath } from '@arrendia/permissions';
import { screen, within } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { renderSite } from '../test-utils';

expect.extend(toHaveNoViolations);

describe('/privacidad', () => {
  it('is a public page a signed-in user opens too, linked from every footer', async () => {
    expect([isPublicPath('/privacidad'), isOpenPath('/privacidad')]).toEqual([true, true]);
    await renderSite('/privacidad');
    await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' });
    expect(within(screen.getByRole('navigation', { name: 'Enlaces del pie' })).getByRole('link', { name: 'Privacidad' })).toHaveAttribute('href', '/privacidad');
  });

  /**
   * The retention periods the page states are the law's, checked against these sources (issue 35):
   * - Código Civil art. 1964.2, personal actions without a special term prescribe in five years
   *   (since Ley 42/2015; fifteen before): https://conceptos.legal/codigo-civil-articulo-1964/ and
   *   https://marialuisabautistaabogados.com/el-plazo-de-prescripcion-de-las-acciones-personales/
   * - Ley General Tributaria art. 66, the tax authority's right to assess and to collect prescribes
   *   in four years: http://gmarcen.com/2023/12/18/prescripcion-de-la-deuda-tributaria-art-66-ley-general-tributaria
   *   and https://www.bermejoialegret.com/que-plazos-tiene-hacienda-para-exigirnos-el-pago-de-impuestos
   * - Código de Comercio art. 30.1, books, correspondence, documentation and vouchers kept six
   *   years: A. Menéndez, Lecciones de Derecho Mercantil I, «El deber de conservación»
   *   (https://knigalit.ru/avtori/aurelio-menndez-menndez/book2436934/chitat/?page=83)
   * - LOPDGDD (Ley Orgánica 3/2018) art. 32, blocked data only for judges, prosecutors and the
   *   competent authorities, destroyed when the term ends: https://vademecumlegal.es/datos/marginales/consiste-bloqueo-datos-personales-3265
   */
  it('states what is kept after an erasure, why and for how long, with the law behind each period', async () => {
    const { container } = await renderSite('/privacidad');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    const rows = within(screen.getByRole('table', { name: 'Datos que se conservan' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [
        'Contratos de arrendamiento, sus anexos y documentos',
        '5 años desde que termina el contrato',
        'Para atender las reclamaciones que nazcan del contrato: las acciones personales sin plazo especial prescriben a los cinco años (Código Civil, art. 1964.2).',
      ],
      [
        'Rentas, cobros, fianzas y demás pagos, con sus recibos',
        '4 años, y 6 años cuando el arrendador lleva contabilidad como empresario',
        'La Administración tributaria puede comprobar y liquidar durante cuatro años (Ley General Tributaria, art. 66) y el empresario debe conservar libros, correspondencia, documentación y justificantes durante seis años (Código de Comercio, art. 30).',
      ],
      ['Registro de auditoría de los cambios', 'El mismo plazo que los datos que documenta', expect.stringContaining('tus datos identificativos sustituidos')],
    ]);
    expect(screen.getByText(/Ley Orgánica 3\/2018, art\. 32/)).toBeVisible();
    const erased = within(screen.getByRole('list', { name: 'Qué se borra' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(erased).toEqual(expect.arrayContaining([expect.stringContaining('«Persona eliminada»'), 'Tu teléfono, NIF/NIE, dirección fiscal, IBAN y foto de perfil.']));
    expect(screen.queryByRole('status')).toBeNull();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('confirms the erasure to the person it lands on after deleting their account', async () => {
    await renderSite('/privacidad?cuenta=eliminada');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(ACCOUNT_ERASED_MESSAGE);
    expect(within(status).getByRole('heading', { name: 'Cuenta eliminada' })).toBeVisible();
  });
});
