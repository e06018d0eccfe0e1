// Distance order for `near` (issue 41): the matching rows sorted by their venue's distance from
// a point, the nearest first, rows without a point last, equal distances in the finder's order.
// Each row's point is kept as a unit vector on the sphere: the nearer of two points is the one
// whose vector has the larger dot product with the asked point's, so ranking a row costs three
// multiplications; only the page's rows have their distance in metres worked out. A bounded
// heap keeps the best `end` rows, so a search over n rows costs n·log(end), not a sort of n.

/** The mean radius of the Earth (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RADIANS = Math.PI / 180;

/** Writes the unit vector of a point (decimal degrees) at `row` of `points` (x, y, z each). */
export function setPoint(
  points: Float64Array,
  row: number,
  latitude: number | null,
  longitude: number | null,
): void {
  const at = row * 3;
  if (latitude === null || longitude === null) {
    points[at] = Number.NaN;
    points[at + 1] = Number.NaN;
    points[at + 2] = Number.NaN;
    return;
  }
  const lat = latitude * RADIANS;
  const lng = longitude * RADIANS;
  points[at] = Math.cos(lat) * Math.cos(lng);
  points[at + 1] = Math.cos(lat) * Math.sin(lng);
  points[at + 2] = Math.sin(lat);
}

/** The unit vector of a point, as `setPoint` keeps it. */
function unit(latitude: number, longitude: number): [number, number, number] {
  const out = new Float64Array(3);
  setPoint(out, 0, latitude, longitude);
  return [out[0] as number, out[1] as number, out[2] as number];
}

/** The great-circle distance in whole metres for a dot product of two unit vectors. */
function metres(dot: number): number {
  // The chord from the dot product, then the arc: exact to well under a metre at any distance.
  const chord = Math.sqrt(Math.max(0, 2 - 2 * dot));
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, chord / 2)));
}

export interface NearPage {
  rows: number[];
  /** Each page row's distance in metres, or null for a row without a point. */
  distances: (number | null)[];
}

/**
 * The rows `offset`…`offset + limit` of `candidates` (ascending rows; null: every row below
 * `size`) in order of distance from the point.
 */
export function nearestPage(
  points: Float64Array,
  size: number,
  candidates: readonly number[] | null,
  near: { latitude: number; longitude: number },
  offset: number,
  limit: number,
): NearPage {
  const [x, y, z] = unit(near.latitude, near.longitude);
  const count = candidates === null ? size : candidates.length;
  const end = Math.min(offset + limit, count);
  if (offset >= end) return { rows: [], distances: [] };
  // A max-heap of the best `end` rows by (rank, row): its top is the worst kept. A row without
  // a point ranks below every row with one (-Infinity), then by row.
  const heapRows = new Int32Array(end);
  const heapRanks = new Float64Array(end);
  let kept = 0;
  // `a` is worse than `b`: a lower rank (farther), or the same rank later in the finder's order.
  const worse = (rankA: number, rowA: number, rankB: number, rowB: number) =>
    rankA < rankB || (rankA === rankB && rowA > rowB);
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= kept) return;
      let worst = left;
      const right = left + 1;
      if (
        right < kept &&
        worse(
          heapRanks[right] as number,
          heapRows[right] as number,
          heapRanks[left] as number,
          heapRows[left] as number,
        )
      ) {
        worst = right;
      }
      if (
        !worse(
          heapRanks[worst] as number,
          heapRows[worst] as number,
          heapRanks[at] as number,
          heapRows[at] as number,
        )
      ) {
        return;
      }
      const rank = heapRanks[at] as number;
      const row = heapRows[at] as number;
      heapRanks[at] = heapRanks[worst] as number;
      heapRows[at] = heapRows[worst] as number;
      heapRanks[worst] = rank;
      heapRows[worst] = row;
      at = worst;
    }
  };
  for (let k = 0; k < count; k += 1) {
    const row = candidates === null ? k : (candidates[k] as number);
    const at = row * 3;
    const dot =
      (points[at] as number) * x + (points[at + 1] as number) * y + (points[at + 2] as number) * z;
    const rank = Number.isNaN(dot) ? Number.NEGATIVE_INFINITY : dot;
    if (kept < end) {
      // Sift up.
      let i = kept;
      kept += 1;
      heapRanks[i] = rank;
      heapRows[i] = row;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        // The top is the worst kept: the new row moves up while it is worse than its parent.
        if (!worse(rank, row, heapRanks[parent] as number, heapRows[parent] as number)) break;
        heapRanks[i] = heapRanks[parent] as number;
        heapRows[i] = heapRows[parent] as number;
        heapRanks[parent] = rank;
        heapRows[parent] = row;
        i = parent;
      }
    } else if (worse(heapRanks[0] as number, heapRows[0] as number, rank, row)) {
      heapRanks[0] = rank;
      heapRows[0] = row;
      siftDown(0);
    }
  }
  // The kept rows, best first.
  const order = Array.from({ length: kept }, (_, i) => i).sort((a, b) =>
    worse(
      heapRanks[a] as number,
      heapRows[a] as number,
      heapRanks[b] as number,
      heapRows[b] as number,
    )
      ? 1
      : -1,
  );
  const rows: number[] = [];
  const distances: (number | null)[] = [];
  for (let i = offset; i < end; i += 1) {
    const slot = order[i] as number;
    const rank = heapRanks[slot] as number;
    rows.push(heapRows[slot] as number);
    distances.push(rank === Number.NEGATIVE_INFINITY ? null : metres(rank));
  }
  return { rows, distances };
}
