import { stripBidiControls } from './text';

describe('stripBidiControls', () => {
  it.each([
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['\u202AA\u202BB\u202CC\u202DD\u202EE', 'ABCDE'],
    ['\u2066Ana\u2067 \u2068Gil\u2069', 'Ana Gil'],
    ['\u200EMarta\u200F\u061C', 'Marta'],
  ])('drops every bidirectional control from %j', (input, expected) => {
    expect(stripBidiControls(input)).toBe(expected);
  });

  it('keeps everything else: accents, Arabic and Hebrew letters, emoji and the joiners they need', () => {
    const text = 'Nuñez Ibáñez مرحبا שלום 👩‍👩‍👧 e\u0301 a\u200Bb\u200Cc';
    expect(stripBidiControls(text)).toBe(text);
  });
});
