import { ZSignInkRequest } from '@signlink/contracts/links/sign-ink';
import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { inkSubmissionOf, withoutLastStroke } from './ink-data.ts';

function group(points: Array<[number, number]>): PointGroup {
  return {
    penColor: '#0b2a6f',
    dotSize: 0,
    minWidth: 0.5,
    maxWidth: 2.5,
    velocityFilterWeight: 0.7,
    compositeOperation: 'source-over',
    points: points.map(([x, y], index) => ({ x, y, pressure: 0.5, time: 1000 + index })),
  };
}

describe('a drawing as the sign/ink call carries it', () => {
  it('is signature_pad’s strokes as JSON the contract accepts, with the pad’s size', () => {
    const ink = inkSubmissionOf(
      [
        group([
          [10.123, 20.987],
          [30, 40],
        ]),
        group([[50, 60]]),
      ],
      { width: 342.4, height: 200 },
    );
    expect(ink).not.toBeNull();
    const request = ZSignInkRequest.parse({ SignatureIndex: 1, RequestToken: 't', ...ink });
    expect(request.InkSignatureJsonData).toEqual([
      {
        penColor: '#0b2a6f',
        minWidth: 0.5,
        maxWidth: 2.5,
        points: [
          { x: 10.1, y: 21, pressure: 0.5 },
          { x: 30, y: 40, pressure: 0.5 },
        ],
      },
      { penColor: '#0b2a6f', minWidth: 0.5, maxWidth: 2.5, points: [{ x: 50, y: 60, pressure: 0.5 }] },
    ]);
    expect(request.CanvasWidth).toBe(342);
    expect(request.CanvasHeight).toBe(200);
  });

  it('is nothing for an empty pad or one with only empty strokes', () => {
    expect(inkSubmissionOf([], { width: 300, height: 200 })).toBeNull();
    expect(inkSubmissionOf([group([])], { width: 300, height: 200 })).toBeNull();
  });

  it('is nothing when it would exceed the server’s limits', () => {
    const huge = Array.from({ length: 201 }, () => group([[1, 1]]));
    expect(inkSubmissionOf(huge, { width: 300, height: 200 })).toBeNull();
  });

  it('loses its last stroke on undo', () => {
    const first = group([[1, 1]]);
    expect(withoutLastStroke([first, group([[2, 2]])])).toEqual([first]);
    expect(withoutLastStroke([])).toEqual([]);
  });
});
