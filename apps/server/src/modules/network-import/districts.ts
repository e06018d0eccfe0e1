// Districts for the network import: a district written as a code or a name in either language,
// in any of the spellings sources use ("SOUTHERN", "南區", "Central & Western", "灣仔"), and the
// district of a point from the 18 administrative boundaries (Home Affairs Department, copied to
// db/reference/; they include sea areas, so a pier or an island clinic still falls in one).
import { readFileSync } from 'node:fs';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { serverFile } from '../../server-root';

export interface DistrictName {
  code: string;
  nameEn: string;
  nameZh: string;
}

/** A spelling-insensitive key: lower case, "&" as "and", no spaces or punctuation, no 區 / District. */
export function districtKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/\bdistrict\b/g, '')
    .replace(/[\s.,'’\-_()（）]/g, '')
    .replace(/區$/, '');
}

/** Looks a district up by code or name (both languages); null when unknown. */
export function districtLookup(
  districts: readonly DistrictName[],
): (text: string) => string | null {
  const byKey = new Map<string, string>();
  for (const district of districts) {
    byKey.set(district.code.toLowerCase(), district.code);
    byKey.set(districtKey(district.nameEn), district.code);
    byKey.set(districtKey(district.nameZh), district.code);
  }
  return (text) => byKey.get(text.trim().toLowerCase()) ?? byKey.get(districtKey(text)) ?? null;
}

type Boundary = Parameters<typeof booleanPointInPolygon>[1] & {
  properties: Record<string, unknown>;
};
let boundaries: { code: string; shape: Boundary }[] | undefined;

function loadBoundaries() {
  if (!boundaries) {
    const file = serverFile(
      'src',
      'db',
      'reference',
      'hksar_18_district_boundary.simplified15.geojson',
    );
    const collection = JSON.parse(readFileSync(file, 'utf8')) as { features: Boundary[] };
    boundaries = collection.features.map((shape) => ({
      code: String(shape.properties['地區號碼']),
      shape,
    }));
  }
  return boundaries;
}

/** The district code of a point [longitude, latitude], or null outside the 18 districts. */
export function districtOfPoint(point: [number, number]): string | null {
  for (const { code, shape } of loadBoundaries()) {
    if (booleanPointInPolygon(point, shape)) return code;
  }
  return null;
}

/** The bounding box of a district's boundary, [west, south, east, north]; null when unknown. */
export function districtBox(code: string): [number, number, number, number] | null {
  const found = loadBoundaries().find((district) => district.code === code);
  if (found === undefined) return null;
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      box[0] = Math.min(box[0], value[0]);
      box[1] = Math.min(box[1], value[1]);
      box[2] = Math.max(box[2], value[0]);
      box[3] = Math.max(box[3], value[1]);
      return;
    }
    for (const part of value) visit(part);
  };
  const shape = found.shape as { geometry?: { coordinates?: unknown }; coordinates?: unknown };
  visit(shape.geometry?.coordinates ?? shape.coordinates);
  return box;
}
