import { foldText, listEs, readBoolean, readChoice, readDate, readDecimal, readMoney, readPostalCode, readText } from './values';

describe('cell readers', () => {
  it('read Spanish and plain numbers, and numeric cells as they are', () => {
    expect(['1.234,56', '1234,56', '1234.56', '1.500', ' 85,5 ', '-3'].map((t) => readDecimal(t))).toEqual([
      { value: 1234.56 },
      { value: 1234.56 },
      { value: 1234.56 },
      { value: 1500 },
      { value: 85.5 },
      { value: -3 },
    ]);
    expect(readDecimal(72.25)).toEqual({ value: 72.25 });
    expect(readDecimal('')).toEqual({ empty: true });
    expect(readDecimal('doce')).toEqual({ error: 'No es un número válido (escribe, por ejemplo, 1.234,56)' });
  });

  it('read money as exact cents, refusing a third decimal', () => {
    expect(readMoney('1.234,5')).toEqual({ value: '1234.50' });
    expect(readMoney(1234.5)).toEqual({ value: '1234.50' });
    expect(readMoney(0.1 + 0.2)).toEqual({ value: '0.30' });
    expect(readMoney('12,345')).toEqual({ error: 'El importe admite como mucho 2 decimales' });
    expect(readMoney(12.345)).toEqual({ error: 'El importe admite como mucho 2 decimales' });
    expect(readMoney('mil')).toEqual({ error: 'No es un número válido (escribe, por ejemplo, 1.234,56)' });
  });

  it('read dates day first, ISO, Excel date cells and serials', () => {
    expect(readDate('1/3/2024')).toEqual({ value: '2024-03-01' });
    expect(readDate('2024-03-01')).toEqual({ value: '2024-03-01' });
    expect(readDate(45352)).toEqual({ value: '2024-03-01' });
    expect(readDate('03/31/2024')).toEqual({ error: 'La fecha no es válida: escríbela como dd/mm/aaaa' });
  });

  it('read yes/no, choices and postal codes', () => {
    expect(['Sí', 'si', 'X', 'no', '0'].map((t) => readBoolean(t))).toEqual([{ value: true }, { value: true }, { value: true }, { value: false }, { value: false }]);
    expect(readBoolean('quizá')).toEqual({ error: 'Indica sí o no' });
    expect(readChoice('en MANTENIMIENTO', ['Disponible', 'En mantenimiento'] as const)).toEqual({ value: 'En mantenimiento' });
    expect(readChoice('Otro', ['A', 'B', 'C'] as const)).toEqual({ error: '«Otro» no es un valor válido: usa A, B o C' });
    expect(readPostalCode(8001)).toEqual({ value: '08001' });
    expect(readPostalCode('28013')).toEqual({ value: '28013' });
    expect(readText(true)).toEqual({ value: 'Sí' });
    expect(foldText('  Ático   B ')).toBe('atico b');
    expect(listEs(['Ingreso', 'Gasto'])).toBe('Ingreso o Gasto');
  });
});
