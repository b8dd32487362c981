import { describe, expect, it } from 'vitest';
import {
  fieldFontSize,
  fieldRect,
  hasRoomAbove,
  maxFitScale,
  renderedPageHeight,
  renderedPageWidth,
  touchableRect,
} from './field-layout.ts';

const a4 = { width: 595, height: 842 };

describe('where a field sits on the rendered page', () => {
  it('scales the rect in points by the rendered width over the page width', () => {
    // A phone: 374 px for 595 pt.
    const rect = fieldRect({ x: 100, y: 700, width: 180, height: 50 }, a4, 374);
    const scale = 374 / 595;
    expect(rect.left).toBeCloseTo(100 * scale, 2);
    expect(rect.top).toBeCloseTo(700 * scale, 2);
    expect(rect.width).toBeCloseTo(180 * scale, 2);
    expect(rect.height).toBeCloseTo(50 * scale, 2);
  });

  it('keeps the same relative place at any zoom', () => {
    const field = { x: 297.5, y: 421, width: 59.5, height: 21 };
    for (const width of [300, 595, 1190]) {
      const rect = fieldRect(field, a4, width);
      expect(rect.left / width).toBeCloseTo(0.5, 3);
      expect(rect.top / renderedPageHeight(a4, width)).toBeCloseTo(0.5, 2);
      expect(rect.width / width).toBeCloseTo(0.1, 3);
    }
  });

  it('cuts a rect reaching past the page at its edge', () => {
    const rect = fieldRect({ x: 550, y: 830, width: 100, height: 40 }, a4, 595);
    expect(rect.left + rect.width).toBeCloseTo(595, 2);
    expect(rect.top + rect.height).toBeCloseTo(842, 2);
  });

  it('uses the page as shown: a landscape page is wider than tall', () => {
    const landscape = { width: 842, height: 595 };
    expect(renderedPageHeight(landscape, 842)).toBe(595);
    expect(fieldRect({ x: 800, y: 10, width: 40, height: 20 }, landscape, 421).left).toBeCloseTo(400, 2);
  });
});

describe('the page width on screen', () => {
  it('fills a phone’s width', () => {
    expect(renderedPageWidth(a4, 374, 1)).toBe(374);
  });

  it('is at most maxFitScale points wide on a desktop, then the zoom multiplies it', () => {
    expect(renderedPageWidth(a4, 1400, 1)).toBe(Math.round(595 * maxFitScale));
    expect(renderedPageWidth(a4, 374, 2)).toBe(748);
    // The zoom stays within its bounds.
    expect(renderedPageWidth(a4, 374, 10)).toBe(374 * 3);
    expect(renderedPageWidth(a4, 374, 0.1)).toBe(374);
  });

  it('sizes text to the field, readable and at most 16 px (no iOS zoom on focus)', () => {
    expect(fieldFontSize(4)).toBe(10);
    expect(fieldFontSize(20)).toBe(12);
    expect(fieldFontSize(80)).toBe(16);
  });
});

describe('a field large enough to touch', () => {
  it('grows a phone-sized 20 pt field to 24 px around its centre, and leaves a larger one as it is', () => {
    // 20 pt on a 374 px phone page is under 13 px tall.
    const small = fieldRect({ x: 72, y: 420, width: 200, height: 20 }, a4, 374);
    expect(small.height).toBeLessThan(13);
    const grown = touchableRect(small);
    expect(grown.height).toBe(24);
    expect(grown.width).toBe(small.width);
    expect(grown.top + grown.height / 2).toBeCloseTo(small.top + small.height / 2, 1);
    const box = { left: 10, top: 20, width: 30, height: 40 };
    expect(touchableRect(box)).toEqual(box);
    // A 16 pt checkbox grows both ways.
    expect(touchableRect({ left: 50, top: 50, width: 10, height: 10 })).toEqual({
      left: 43,
      top: 43,
      width: 24,
      height: 24,
    });
  });
});

describe('room for a caption above a field', () => {
  it('is there unless another field sits in the caption’s place', () => {
    const field = { left: 40, top: 100, width: 120, height: 24 };
    // A field a line above (25 px on a phone for 40 pt) is where the caption would go.
    expect(hasRoomAbove(field, [field, { left: 40, top: 75, width: 75, height: 24 }])).toBe(false);
    // Far enough above, beside it, or below it: room.
    expect(hasRoomAbove(field, [field, { left: 40, top: 40, width: 75, height: 24 }])).toBe(true);
    expect(hasRoomAbove(field, [field, { left: 200, top: 80, width: 75, height: 24 }])).toBe(true);
    expect(hasRoomAbove(field, [field, { left: 40, top: 130, width: 75, height: 24 }])).toBe(true);
  });
});
