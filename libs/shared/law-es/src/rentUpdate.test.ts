import {
  anniversaryDue,
  anniversaryIn,
  applyPercent,
  computeRentUpdate,
  effectiveFrom,
  extraordinaryLimitOn,
  missingIndexMessage,
  seriesNeeded,
  shiftDay,
  shiftMonth,
  toCents,
  type IndexReading,
  type IndexSeries,
  type LeaseUse,
  type RentUpdateClause,
} from './rentUpdate';

/**
 * Sources of the expected values (each case names its own):
 * - [MIVAU] Ministerio de Vivienda, reported by El Periódico Mediterráneo, 14/02/2025:
 *   https://www.elperiodicomediterraneo.com/economia/2025/02/14/indice-marca-nuevo-precio-alquiler-114294353.html
 *   ("1.200 euros … IRAV 2,19 % … hasta los 1.226,28"; "… IPC 2,9 % … hasta los 1.234,80"; contracts
 *   signed before 26 May 2023 keep the IPC, later ones the IRAV).
 * - [GRUPCARLES] https://grupcarles.com/es/noticias/irav-evolucion-del-nuevo-indice-de-actualizacion-de-los-alquileres
 *   (1.000 € with the IRAV of April 2025, 2,09 % → 1.020,90 €).
 * - [APIGIRONA] Agents' association of Girona: https://www.apigirona.com/spa/news/new/v/category_id/1/3756.htm?pagina_id=31
 *   (1.000 € with IRAV 2,28 % → 1.022,80 €; with IPC 2,8 % → 1.028,00 €).
 * - [ELDIARIO] https://www.eldiario.es/economia/limite-subida-alquileres-sera-automatico-grandes-propietarios-negociado-pequenos_1_8871338.html
 *   (RDL 6/2022: "un alquiler medio … 700 euros, subirá solo 14").
 * - [SELFBANK] https://blog.selfbank.es/si-eres-inqulino-de-una-vivienda-estas-de-enhorabuena-sabias-que-tienes-derecho-a-que-te-actualicen-la-renta/
 *   ("700 euros x (1-0,008) = 694,40 euros": a negative IPC lowers the rent).
 * - [ARAGON] El Periódico de Aragón: http://www.elperiodicodearagon.com/noticias/economia/contratos-alquiler-blindan_1085906.html
 *   (850 € with an IPC of −0,3 % "debería haberse reducido hasta 847,45 euros").
 * - [ARROYO] https://arroyoastur.com/que-es-el-irav (1.000 € with an IRAV of 2,2 % → 1.022 €).
 * - [LAU18] LAU art. 18.1 (RDL 7/2019): the IPC is the ceiling of any update of a lease signed from
 *   6 March 2019; EFL: https://blog.efl.es/actualidad-juridica/actualizacion-de-la-renta/ and
 *   Hay Derecho: https://www.hayderecho.com/2022/03/31/la-limitacion-a-la-actualizacion-del-alquiler-de-vivienda-rdl-6-2022/
 *   ("Para los celebrados a partir de 6/3/2019, la actualización pactada nunca puede superar el último IPC interanual publicado").
 * - [RDL6] RDL 6/2022 art. 46 and its extensions, the IGC bounded at 2 %: Ajuntament de Barcelona,
 *   https://habitatge.barcelona/es/noticia/prorroga-de-la-limitacion-a-la-subida-hasta-el-2-en-el-ipc-para-los-alquileres-de-2022_1192907 ;
 *   companylegal.es, https://companylegal.es/prorroga-de-medidas-en-materia-de-arrendamiento-de-vivienda/
 *   ("no podrán incrementar la renta más del 2%, ya que el IGC se limita a este porcentaje"; "el
 *   último IGC que estuviera publicado en la fecha de actualización").
 * - [DF6] Ley 12/2023 disp. final 6.ª, 3 % for 2024: Sepin, https://blog.sepin.es/indice-actualizacion-renta-arrendamiento-vivienda-2025 ;
 *   El Nacional, https://www.elnacional.cat/oneconomia/es/economia/cuanto-pueden-subir-precio-alquiler-2024_1124203_102.html
 * - [IRAV] LAU disp. adic. 11.ª and the INE's resolution of 18/12/2024: limit for housing leases
 *   signed from 26/05/2023 (Ministry via El Periódico Mediterráneo, above; estudiojuridicosierra.es,
 *   https://estudiojuridicosierra.es/irav-nuevo-indice-de-actualizacion-de-alquileres); not for
 *   other uses (https://www.cafbl.cat/es/nuevo-indice-de-referencia-para-la-actualizacion-anual-de-las-rentas-de-los-contratos-de-arrendamiento-de-vivienda).
 * - [OTRO] Leases for another use follow the clause: "no afecta a los alquileres de locales" (Hay
 *   Derecho, above); art. 18.1 not applicable to them (http://varonasupport.com/actualizacion-renta-arrendamientos/).
 * - [IGC] The IGC below 0 % counts as 0 % ("regla de no revisión"), above 2 % as 2 %: Europa Press,
 *   https://www.europapress.es/economia/macroeconomia-00338/noticia-indice-garantia-competitividad-acumula-ya-ano-negativo-caer-101-diciembre-20260225100820.html
 * - [RDL8] RDL 8/2026 (BOE-A-2026-6545), 2 % from 22/03/2026: https://codigo-civil.es/real-decreto-ley-8-2026-de-20-de-marzo-nuevas-medidas-de-contencion-del-alquiler-en-respuesta-a-la-guerra-de-iran ;
 *   OCU, https://www.ocu.org/fincas-y-casas/gestion/alquiler/analisis-gratis/2026/03/medidas-alquiler-iran ("Vuelve el 2%").
 * Index values: IPC and IRAV as published by the INE (INE table 50902; RTVE, Raisin and the press
 * cited in the index-values migration).
 */

interface Case {
  name: string;
  source: string;
  rent: string;
  clause: RentUpdateClause;
  use: LeaseUse;
  signedOn: string;
  updateOn: string;
  month: string;
  values: Partial<Record<IndexSeries, number>>;
  /** The new rent in euros, or the kind of answer. */
  expected: string | { kind: 'none' } | { kind: 'missing_index'; series: IndexSeries };
  /** The percentage applied, when it matters. */
  percent?: number;
}

const ipc: RentUpdateClause = { mechanism: 'ipc' };
const irav: RentUpdateClause = { mechanism: 'irav' };
const igc: RentUpdateClause = { mechanism: 'igc' };

const CASES: Case[] = [
  // Worked examples published by a public body or a reputable source.
  { name: 'IRAV clause, signed after the 2023 law, Jan-2025 value', source: 'MIVAU', rent: '1200', clause: irav, use: 'vivienda', signedOn: '2024-02-01', updateOn: '2025-02-01', month: '2025-01', values: { IRAV: 2.19, IPC: 2.9 }, expected: '1226.28', percent: 2.19 },
  { name: 'IPC clause, signed before the 2023 law: the IPC, no IRAV', source: 'MIVAU', rent: '1200', clause: ipc, use: 'vivienda', signedOn: '2022-02-01', updateOn: '2025-02-01', month: '2025-01', values: { IPC: 2.9 }, expected: '1234.80', percent: 2.9 },
  { name: 'IPC clause, signed after the 2023 law: cut to the IRAV', source: 'MIVAU', rent: '1200', clause: ipc, use: 'vivienda', signedOn: '2024-02-01', updateOn: '2025-02-01', month: '2025-01', values: { IRAV: 2.19, IPC: 2.9 }, expected: '1226.28', percent: 2.19 },
  { name: 'IRAV of April 2025 for a May update', source: 'GRUPCARLES', rent: '1000', clause: irav, use: 'vivienda', signedOn: '2024-05-10', updateOn: '2025-05-10', month: '2025-04', values: { IRAV: 2.09, IPC: 2.2 }, expected: '1020.90' },
  { name: 'IRAV of December 2024', source: 'APIGIRONA', rent: '1000', clause: irav, use: 'vivienda', signedOn: '2024-02-01', updateOn: '2025-02-01', month: '2024-12', values: { IRAV: 2.28, IPC: 2.8 }, expected: '1022.80' },
  { name: 'IPC of December 2024, lease before the law', source: 'APIGIRONA', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2021-02-01', updateOn: '2025-02-01', month: '2024-12', values: { IPC: 2.8 }, expected: '1028.00' },
  { name: 'RDL 6/2022: IPC of 9,8 % cut to the IGC’s 2 %', source: 'ELDIARIO, RDL6', rent: '700', clause: ipc, use: 'vivienda', signedOn: '2020-04-15', updateOn: '2022-04-15', month: '2022-03', values: { IPC: 9.8, IGC: 2.2 }, expected: '714.00', percent: 2 },
  { name: 'a negative IPC lowers the rent', source: 'SELFBANK', rent: '700', clause: ipc, use: 'vivienda', signedOn: '2015-04-01', updateOn: '2016-04-01', month: '2016-03', values: { IPC: -0.8 }, expected: '694.40' },
  { name: 'a negative IPC of −0,3 %', source: 'ARAGON', rent: '850', clause: ipc, use: 'vivienda', signedOn: '2014-11-01', updateOn: '2015-11-01', month: '2015-10', values: { IPC: -0.3 }, expected: '847.45' },
  { name: 'an IRAV of 2,2 %', source: 'ARROYO', rent: '1000', clause: irav, use: 'vivienda', signedOn: '2024-01-15', updateOn: '2025-01-15', month: '2024-11', values: { IRAV: 2.2, IPC: 2.4 }, expected: '1022.00' },
  // The rules, case by case (expected values follow from the rule cited).
  { name: '2024 update: IPC 3,4 % cut to 3 %', source: 'DF6', rent: '1200', clause: ipc, use: 'vivienda', signedOn: '2021-07-01', updateOn: '2024-07-01', month: '2024-06', values: { IPC: 3.4 }, expected: '1236.00', percent: 3 },
  { name: '2024 update of a lease signed after the law: 3 %, the IRAV not yet in force', source: 'DF6, IRAV', rent: '900', clause: ipc, use: 'vivienda', signedOn: '2023-06-01', updateOn: '2024-06-01', month: '2024-04', values: { IPC: 3.3 }, expected: '927.00', percent: 3 },
  { name: '2023 update: the IGC’s applicable 2 % whatever the IPC', source: 'RDL6', rent: '800', clause: ipc, use: 'vivienda', signedOn: '2020-03-01', updateOn: '2023-03-01', month: '2023-01', values: { IPC: 5.9, IGC: 8.6 }, expected: '816.00', percent: 2 },
  { name: '2023 update with an IGC below 2 %: the IGC', source: 'RDL6, IGC', rent: '800', clause: ipc, use: 'vivienda', signedOn: '2020-09-01', updateOn: '2023-09-01', month: '2023-07', values: { IPC: 2.3, IGC: 1.5 }, expected: '812.00', percent: 1.5 },
  { name: 'before RDL 6/2022 (February 2022): the IPC, no extraordinary limit', source: 'LAU18', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2020-02-01', updateOn: '2022-02-01', month: '2022-01', values: { IPC: 6.1 }, expected: '1061.00' },
  { name: 'a shop (other use) in 2024: the IPC in full', source: 'OTRO', rent: '1000', clause: ipc, use: 'otro', signedOn: '2021-07-01', updateOn: '2024-07-01', month: '2024-06', values: { IPC: 3.4 }, expected: '1034.00', percent: 3.4 },
  { name: 'a shop with a fixed 5 %: the clause, no IPC ceiling', source: 'OTRO', rent: '2000', clause: { mechanism: 'fixed_percentage', value: 5 }, use: 'otro', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: {}, expected: '2100.00' },
  { name: 'a home with a fixed 5 % signed in 2020: cut to the IPC', source: 'LAU18', rent: '1000', clause: { mechanism: 'fixed_percentage', value: 5 }, use: 'vivienda', signedOn: '2020-02-01', updateOn: '2025-02-01', month: '2025-01', values: { IPC: 2.9 }, expected: '1029.00', percent: 2.9 },
  { name: 'a home with a fixed 1,5 % under the IRAV: the clause', source: 'IRAV', rent: '1000', clause: { mechanism: 'fixed_percentage', value: 1.5 }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: { IRAV: 2.2, IPC: 2.4 }, expected: '1015.00', percent: 1.5 },
  { name: 'signed the day before the law (25/05/2023): IPC, no IRAV', source: 'IRAV, MIVAU', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2023-05-25', updateOn: '2025-05-25', month: '2025-04', values: { IPC: 2.2 }, expected: '1022.00' },
  { name: 'signed the day the law came into force (26/05/2023): the IRAV', source: 'IRAV, MIVAU', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2023-05-26', updateOn: '2025-05-26', month: '2025-04', values: { IPC: 2.2, IRAV: 2.09 }, expected: '1020.90' },
  { name: 'IGC clause, negative IGC: no change (regla de no revisión)', source: 'IGC', rent: '750', clause: igc, use: 'vivienda', signedOn: '2021-02-01', updateOn: '2025-03-01', month: '2025-01', values: { IGC: -0.31, IPC: 2.9 }, expected: '750.00', percent: 0 },
  { name: 'IGC clause in 2024, IGC 0,17 %', source: 'IGC, DF6', rent: '1000', clause: igc, use: 'vivienda', signedOn: '2021-03-01', updateOn: '2024-03-01', month: '2024-01', values: { IGC: 0.17, IPC: 3.4 }, expected: '1001.70' },
  { name: 'IPC −0,8 % with a floor of 0 %: no decrease', source: 'SELFBANK (the clause may exclude decreases)', rent: '700', clause: { mechanism: 'ipc', floorPercent: 0 }, use: 'vivienda', signedOn: '2015-04-01', updateOn: '2016-04-01', month: '2016-03', values: { IPC: -0.8 }, expected: '700.00', percent: 0 },
  { name: 'a floor above the IRAV: the law wins', source: 'IRAV', rent: '1000', clause: { mechanism: 'fixed_percentage', value: 1, floorPercent: 3 }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: { IRAV: 2.2, IPC: 2.4 }, expected: '1022.00', percent: 2.2 },
  { name: 'a fixed amount of 15 € within the limit', source: 'IRAV', rent: '1000', clause: { mechanism: 'fixed_amount', value: 15 }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: { IRAV: 2.2, IPC: 2.4 }, expected: '1015.00' },
  { name: 'a fixed amount of 30 € above the IRAV: cut to 2,2 %', source: 'IRAV', rent: '1000', clause: { mechanism: 'fixed_amount', value: 30 }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: { IRAV: 2.2, IPC: 2.4 }, expected: '1022.00', percent: 2.2 },
  { name: 'February 2026: the IRAV of December 2025', source: 'IRAV', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2024-02-10', updateOn: '2026-02-10', month: '2025-12', values: { IPC: 2.9, IRAV: 2.32 }, expected: '1023.20' },
  { name: 'April 2026, RDL 8/2026: 2 % under an IRAV of 2,14 %', source: 'RDL8', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2024-04-10', updateOn: '2026-04-10', month: '2026-01', values: { IPC: 2.3, IRAV: 2.14 }, expected: '1020.00', percent: 2 },
  { name: 'April 2026, a shop: no RDL 8/2026 limit', source: 'RDL8, OTRO', rent: '1000', clause: ipc, use: 'otro', signedOn: '2024-04-10', updateOn: '2026-04-10', month: '2026-01', values: { IPC: 2.3 }, expected: '1023.00' },
  { name: 'no clause: no update', source: 'LAU18', rent: '1000', clause: { mechanism: 'none' }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01', month: '2024-11', values: { IPC: 2.4, IRAV: 2.2 }, expected: { kind: 'none' } },
  { name: 'the IRAV of the month not published: waits for it', source: 'issue 36', rent: '1000', clause: ipc, use: 'vivienda', signedOn: '2024-05-10', updateOn: '2025-05-10', month: '2025-04', values: { IPC: 2.2 }, expected: { kind: 'missing_index', series: 'IRAV' } },
  { name: '2023 update without the IGC of the month: waits for it', source: 'RDL6', rent: '800', clause: ipc, use: 'vivienda', signedOn: '2020-03-01', updateOn: '2023-03-01', month: '2023-01', values: { IPC: 5.9 }, expected: { kind: 'missing_index', series: 'IGC' } },
];

const readingsOf = (month: string, values: Case['values']) =>
  Object.fromEntries(Object.entries(values).map(([series, value]) => [series, { series, month, value } as IndexReading])) as Partial<Record<IndexSeries, IndexReading>>;

describe('computeRentUpdate (issue 36): each clause × use × signature date × update date', () => {
  it('has at least 20 cases crossing 2023 to 2026, and at least 5 published worked examples', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    for (const year of ['2023', '2024', '2025', '2026']) expect(CASES.some((c) => c.updateOn.startsWith(year))).toBe(true);
    expect(CASES.filter((c) => ['MIVAU', 'GRUPCARLES', 'APIGIRONA', 'ELDIARIO', 'SELFBANK', 'ARAGON', 'ARROYO'].some((s) => c.source.startsWith(s))).length).toBeGreaterThanOrEqual(5);
  });

  it.each(CASES.map((c) => [`${c.name} [${c.source}]`, c] as const))('%s', (_name, c) => {
    const result = computeRentUpdate({ clause: c.clause, use: c.use, signedOn: c.signedOn, updateOn: c.updateOn, rent: c.rent, readings: readingsOf(c.month, c.values), referenceMonth: c.month });
    if (typeof c.expected === 'string') {
      expect(result.kind).toBe('update');
      if (result.kind !== 'update') return;
      expect((result.newRentCents / 100).toFixed(2)).toBe(c.expected);
      if (c.percent !== undefined) expect(result.percent).toBeCloseTo(c.percent, 6);
    } else {
      expect(result).toMatchObject(c.expected);
    }
  });
});

describe('the explanation and the limit', () => {
  it('names the index, its month, the limit and its legal basis in Spanish', () => {
    const result = computeRentUpdate({ clause: ipc, use: 'vivienda', signedOn: '2024-02-01', updateOn: '2025-02-01', rent: '1200', readings: readingsOf('2025-01', { IPC: 2.9, IRAV: 2.19 }), referenceMonth: '2025-01' });
    expect(result.kind === 'update' && result.limit).toEqual({ percent: 2.19, basis: 'IRAV de enero de 2025 (disposición adicional 11.ª de la LAU, contratos firmados desde el 26 de mayo de 2023)' });
    expect(result.kind === 'update' && result.explanation).toEqual([
      'Cláusula: variación anual del IPC general de enero de 2025: 2,9 %.',
      'Límite legal: IRAV de enero de 2025 (disposición adicional 11.ª de la LAU, contratos firmados desde el 26 de mayo de 2023): 2,19 %.',
      'Renta actual 1.200,00 € × 2,19 % = renta nueva 1.226,28 €.',
    ]);
  });

  it('says which index month is missing, in Spanish', () => {
    expect(missingIndexMessage('IRAV', '2025-04')).toBe('Falta el índice de abril de 2025 (IRAV)');
    const result = computeRentUpdate({ clause: irav, use: 'vivienda', signedOn: '2024-05-10', updateOn: '2025-05-10', rent: '1000', readings: readingsOf('2025-04', { IPC: 2.2 }), referenceMonth: '2025-04' });
    expect(result).toEqual({ kind: 'missing_index', series: 'IRAV', month: '2025-04', message: 'Falta el índice de abril de 2025 (IRAV)' });
  });

  it('asks only for the indices the rules of the lease need', () => {
    expect(seriesNeeded({ clause: { mechanism: 'fixed_percentage', value: 3 }, use: 'otro', signedOn: '2024-01-01', updateOn: '2025-01-01' })).toEqual([]);
    expect(seriesNeeded({ clause: ipc, use: 'vivienda', signedOn: '2018-01-01', updateOn: '2025-01-01' })).toEqual(['IPC']);
    expect(seriesNeeded({ clause: { mechanism: 'fixed_amount', value: 20 }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01' })).toEqual(['IPC', 'IRAV']);
    expect(seriesNeeded({ clause: { mechanism: 'fixed_percentage', value: 2 }, use: 'vivienda', signedOn: '2018-01-01', updateOn: '2023-06-01' })).toEqual(['IGC']);
    expect(seriesNeeded({ clause: { mechanism: 'none' }, use: 'vivienda', signedOn: '2024-01-01', updateOn: '2025-01-01' })).toEqual([]);
  });

  it('knows the extraordinary limits by update date: 31/03/2022–31/12/2023 the IGC, 2024 3 %, 2025 none, from 22/03/2026 2 %', () => {
    expect(extraordinaryLimitOn('2022-03-30')).toBeNull();
    expect(extraordinaryLimitOn('2022-03-31')?.percent).toBe('IGC');
    expect(extraordinaryLimitOn('2023-12-31')?.percent).toBe('IGC');
    expect(extraordinaryLimitOn('2024-01-01')?.percent).toBe(3);
    expect(extraordinaryLimitOn('2024-12-31')?.percent).toBe(3);
    expect(extraordinaryLimitOn('2025-06-01')).toBeNull();
    expect(extraordinaryLimitOn('2026-03-21')).toBeNull();
    expect(extraordinaryLimitOn('2026-03-22')?.percent).toBe(2);
  });
});

describe('money and dates', () => {
  it('rounds once, half up, to the cent, in integers', () => {
    expect(applyPercent(toCents('850'), -0.3)).toBe(84745);
    expect(applyPercent(toCents('1000'), 2.09)).toBe(102090);
    // 333,33 × 1,5 % = 4,99995 → 5,00
    expect(applyPercent(toCents('333.33'), 1.5)).toBe(33833);
    // 0,10 × 2,5 % = 0,0025 → 0,00 ; 0,20 × 2,5 % = 0,005 → 0,01 (half up)
    expect(applyPercent(10, 2.5)).toBe(10);
    expect(applyPercent(20, 2.5)).toBe(21);
    // −0,005 rounds up to 0,00; −0,006 to −0,01
    expect(applyPercent(20, -2.5)).toBe(20);
    expect(applyPercent(24, -2.5)).toBe(23);
    expect(toCents('1.5')).toBe(150);
    expect(toCents(1226.28)).toBe(122628);
    expect(() => toCents('12,50')).toThrow('Importe no válido');
  });

  it('makes the new rent payable from the month after the notice, never before the anniversary (LAU art. 18.2)', () => {
    expect(effectiveFrom('2025-05-10', '2025-06-15')).toBe('2025-06-01');
    expect(effectiveFrom('2025-06-20', '2025-06-15')).toBe('2025-07-01');
    expect(effectiveFrom('2025-03-01', '2025-06-15')).toBe('2025-06-01');
    expect(effectiveFrom('2025-12-05', '2026-01-10')).toBe('2026-01-01');
  });

  it('finds the anniversary of a date in a year, 29 February on the 28th in a common year', () => {
    expect(anniversaryIn('2023-05-26', 2025)).toBe('2025-05-26');
    expect(anniversaryIn('2024-02-29', 2025)).toBe('2025-02-28');
    expect(anniversaryIn('2024-02-29', 2028)).toBe('2028-02-29');
  });
});

describe('when an update is proposed', () => {
  const window = { noticeDays: 45, catchUpDays: 60 };
  it('proposes the anniversary once it is 45 days ahead, and up to 60 days after it passed (a job that did not run)', () => {
    const lease = { startDate: '2024-06-15', endDate: null };
    expect(anniversaryDue(lease, '2025-04-30', window)).toBeNull();
    expect(anniversaryDue(lease, '2025-05-01', window)).toBe('2025-06-15');
    expect(anniversaryDue(lease, '2025-08-14', window)).toBe('2025-06-15');
    expect(anniversaryDue(lease, '2025-08-15', window)).toBeNull();
    expect(anniversaryDue(lease, '2026-05-01', window)).toBe('2026-06-15');
  });

  it('never before the first year is over, nor after the lease ends', () => {
    expect(anniversaryDue({ startDate: '2025-06-15', endDate: null }, '2025-06-20', window)).toBeNull();
    expect(anniversaryDue({ startDate: '2024-06-15', endDate: '2025-06-14' }, '2025-05-10', window)).toBeNull();
    expect(anniversaryDue({ startDate: '2024-06-15', endDate: '2025-06-15' }, '2025-05-10', window)).toBe('2025-06-15');
  });

  it('moves months and days across years', () => {
    expect(shiftMonth('2025-02', -2)).toBe('2024-12');
    expect(shiftMonth('2025-11', 3)).toBe('2026-02');
    expect(shiftDay('2025-12-20', 45)).toBe('2026-02-03');
  });
});
