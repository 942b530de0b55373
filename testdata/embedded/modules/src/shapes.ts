export interface Shape {
  kind: 'square' | 'circle';
  size: number;
}

export enum Unit {
  Px = 'px',
  Em = 'em',
}

export function area(s: Shape): number {
  if (s.kind === 'square') {
    return s.size * s.size;
  }
  return Math.round(Math.PI * s.size * s.size);
}

export class Label {
  #unit: Unit;
  constructor(unit: Unit) {
    this.#unit = unit;
  }
  render(n: number): string {
    return `${n}${this.#unit}`;
  }
}
