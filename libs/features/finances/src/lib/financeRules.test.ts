import { profitTone, roi, roiBarTone, roiBarWidth } from './financeRules';

describe('roi', () => {
  it('is profit / income × 100 to one decimal', () => {
    expect(roi('750.00', '1000.00')).toBe(75);
    expect(roi(1, 3)).toBe(33.3);
    expect(roi(2, 3)).toBe(66.7);
    expect(roi('-45.50', '100.00')).toBe(-45.5);
  });

  it('is 0 without income', () => {
    expect(roi('-300.00', '0.00')).toBe(0);
    expect(roi(0, 0)).toBe(0);
  });
});

describe('roiBarWidth', () => {
  it('is (ROI + 50) × 1.5', () => {
    expect(roiBarWidth(0)).toBe(75);
    expect(roiBarWidth(10)).toBe(90);
  });

  it('reaches 100 % at ROI 50 and stays there', () => {
    expect(roiBarWidth(50)).toBe(100);
    expect(roiBarWidth(120)).toBe(100);
  });

  it('keeps a 5 % minimum visible width', () => {
    expect(roiBarWidth(-50)).toBe(5);
    expect(roiBarWidth(-200)).toBe(5);
    expect(roiBarWidth(-47)).toBe(5);
    expect(roiBarWidth(-46)).toBe(6);
  });
});

describe('roiBarTone', () => {
  it.each([
    [80, 'orange'],
    [79.9, 'yellow'],
    [60, 'yellow'],
    [59.9, 'red'],
    [-10, 'red'],
  ] as const)('ROI %s → %s', (value, tone) => {
    expect(roiBarTone(value)).toBe(tone);
  });
});

describe('profitTone', () => {
  it.each([
    ['3000.00', 'orange'],
    ['2999.99', 'yellow'],
    ['1500.00', 'yellow'],
    ['1499.99', 'red'],
    ['-20.00', 'red'],
  ] as const)('profit %s → %s', (value, tone) => {
    expect(profitTone(value)).toBe(tone);
  });
});
