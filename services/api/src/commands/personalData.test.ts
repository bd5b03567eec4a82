import { ERASED_DATUM, ERASED_NAME } from '@arrendia/api-contract';
import { escapeHtml } from '../mail/templates';
import { fullNames, replacePersonFields, scrubberFor, type Identity } from './personalData';

const identity: Identity = {
  userId: 41,
  emails: ['zacarias.q@correo-prueba.es', 'antiguo.zq@correo-prueba.es'],
  firstNames: ['Zacarías'],
  lastNames: ['Quintanilla', "O'Quintanilla"],
  phones: ['612345678'],
  nifs: ['71934586Q'],
  ibans: ['ES8820803587013047150912'],
  addresses: ['Calle del Almendro 77, Madrid'],
  replacementEmail: 'eliminado-41@arrendia.invalid',
};
const all = scrubberFor(identity, 'all');
const contact = scrubberFor(identity, 'contact');

describe('the erasure scrubber (commands/personalData)', () => {
  it('knows every full name the person went by', () => {
    expect(fullNames(identity)).toEqual(['Zacarías Quintanilla', "Zacarías O'Quintanilla"]);
  });

  it('replaces the name, every address they had and the data written in any of its usual forms', () => {
    const text =
      'Zacarías  Quintanilla (ZACARIAS.Q@correo-prueba.es, antes antiguo.zq@correo-prueba.es) · tel. +34 612-345-678, 0034612345678 o 612 34 56 78 · NIF 71934586-q · IBAN ES88 2080 3587 0130 4715 0912 · Calle del Almendro 77, Madrid';
    expect(all.text(text)).toBe(
      `${ERASED_NAME} (eliminado-41@arrendia.invalid, antes eliminado-41@arrendia.invalid) · tel. ${ERASED_DATUM}, ${ERASED_DATUM} o ${ERASED_DATUM} · NIF ${ERASED_DATUM} · IBAN ${ERASED_DATUM} · ${ERASED_DATUM}`,
    );
  });

  it('finds the name escaped in a mail body too', () => {
    const html = `<p>${escapeHtml("Zacarías O'Quintanilla ha reportado «Fuga»")}</p>`;
    expect(all.text(html)).toBe(`<p>${ERASED_NAME} ha reportado «Fuga»</p>`);
  });

  it('leaves the name and everything else in what the person wrote (contact data only)', () => {
    expect(contact.text('Soy Zacarías Quintanilla, llamadme al 612345678 o escribid a zacarias.q@correo-prueba.es')).toBe(
      `Soy Zacarías Quintanilla, llamadme al ${ERASED_DATUM} o escribid a eliminado-41@arrendia.invalid`,
    );
  });

  it('leaves longer numbers, other people and other words alone', () => {
    const text = 'Referencia 96123456789, Zacarías Quintanillas, Ana Quintanilla, ES8820803587013047150912X, importe 612.345,67 €';
    expect(all.text(text)).toBe(text);
    expect(all.finds(text)).toBe(false);
  });

  it('replaces the person fields of a record that names them, and only of that record', () => {
    const values = {
      invitation: { email: 'zacarias.q@correo-prueba.es', firstName: 'Zacarías', lastName: 'Quintanilla', contractId: 3 },
      other: { email: 'ana@example.com', firstName: 'Ana', telefono: '600000000' },
      note: 'Contactar con Zacarías Quintanilla',
    };
    expect(all.json(values)).toEqual({
      invitation: { email: 'eliminado-41@arrendia.invalid', firstName: 'Persona', lastName: 'eliminada', contractId: 3 },
      other: { email: 'ana@example.com', firstName: 'Ana', telefono: '600000000' },
      note: `Contactar con ${ERASED_NAME}`,
    });
    expect(replacePersonFields({ firstName: 'Zaca', telefono: '699999999', nifCif: null, roleName: 'inquilino' }, identity)).toEqual({ firstName: 'Persona', telefono: null, nifCif: null, roleName: 'inquilino' });
  });

  it('has a PostgreSQL pattern for the candidate rows, and none for a person with nothing to find', () => {
    expect(all.pgPattern).toContain('zacarias\\.q\\@correo\\-prueba\\.es');
    expect(all.pgPattern).toContain('[[:space:].-]?');
    expect(scrubberFor({ ...identity, emails: [], firstNames: [], lastNames: [], phones: [], nifs: [], ibans: [], addresses: [] }, 'all').pgPattern).toBeNull();
  });
});
