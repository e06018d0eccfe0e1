// The synthetic network's opening hours and verification dates (issue 19), decided by each
// venue's and service point's id (the network's own random sequence is left as it was):
// weekday hours with a lunch break, some evening and Sunday clinics, some open through general
// holidays, a few without known hours (one only as text); most points verified within the last
// five months, a few stale (200–400 days) and a few never.
import type { BilingualText, OpeningHours } from '@clinicpass/shared/schemas/hours';
import { districtBox, districtOfPoint } from '../../modules/network-import/districts';

type Day = OpeningHours['weekly']['mon'];

const range = (from: string, to: string) => ({ from, to });

function week(weekdays: Day, saturday: Day, sunday: Day): OpeningHours['weekly'] {
  return {
    mon: weekdays,
    tue: weekdays,
    wed: weekdays,
    thu: weekdays,
    fri: weekdays,
    sat: saturday,
    sun: sunday,
  };
}

/** A well-mixed bucket (0–99) of an id, stable across runs. */
function bucket(id: number, salt: number): number {
  // murmur3's finaliser: every bit of the id moves the low bits.
  let h = (id ^ salt) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % 100;
}

/** A well-mixed fraction in [0, 1) of an id and a salt, stable across runs. */
function fraction(id: number, salt: number): number {
  let h = (Math.imul(id, 0x9e3779b1) ^ salt) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/**
 * A venue's point (issue 41): somewhere inside its district's boundary, decided by the venue's
 * id (points drawn in the district's box until one falls inside); null outside the 18 districts
 * (the Macau and Mainland venues), so "no point" is in the demo too.
 */
export function venuePoint(
  venueId: number,
  districtCode: string,
): { latitude: number; longitude: number } | null {
  const box = districtBox(districtCode);
  if (box === null) return null;
  const [west, south, east, north] = box;
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const longitude = west + (east - west) * fraction(venueId, 0x1000 + attempt * 2);
    const latitude = south + (north - south) * fraction(venueId, 0x1001 + attempt * 2);
    if (districtOfPoint([longitude, latitude]) === districtCode) {
      // Six decimals: about 0.1 m, as a directory lists them.
      return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
    }
  }
  return null;
}

export interface VenueDirectory {
  openingHours: OpeningHours | null;
  hoursNote: BilingualText | null;
  hoursText: BilingualText | null;
}

export function venueDirectory(venueId: number): VenueDirectory {
  const b = bucket(venueId, 0x5eed);
  const none = { openingHours: null, hoursNote: null, hoursText: null };
  if (b < 40) {
    // A general practice: lunch break, Saturday mornings, closed on Sundays and holidays.
    return {
      ...none,
      openingHours: {
        weekly: week(
          [range('09:00', '13:00'), range('14:30', '19:00')],
          [range('09:00', '13:00')],
          [],
        ),
        closedOnPublicHolidays: true,
        exceptions: [],
      },
    };
  }
  if (b < 60) {
    // An evening clinic with Sunday mornings, open through holidays.
    return {
      ...none,
      openingHours: {
        weekly: week(
          [range('09:00', '13:00'), range('15:00', '21:00')],
          [range('09:00', '13:00'), range('15:00', '21:00')],
          [range('10:00', '13:00')],
        ),
        closedOnPublicHolidays: false,
        exceptions: [],
      },
      hoursNote: {
        en: 'Registration closes 30 minutes before closing',
        zh: '截止登記時間為關門前30分鐘',
      },
    };
  }
  if (b < 70) {
    // Long hours every day, no lunch break.
    return {
      ...none,
      openingHours: {
        weekly: week(
          [range('08:00', '22:00')],
          [range('08:00', '22:00')],
          [range('08:00', '22:00')],
        ),
        closedOnPublicHolidays: false,
        exceptions: [],
      },
    };
  }
  if (b < 95) {
    // A specialist: shorter days, closed on Sundays and holidays.
    return {
      ...none,
      openingHours: {
        weekly: week(
          [range('10:00', '13:00'), range('14:00', '18:00')],
          [range('10:00', '13:00')],
          [],
        ),
        closedOnPublicHolidays: true,
        exceptions: [],
      },
    };
  }
  if (b < 97) {
    return { ...none, hoursText: { en: 'By appointment only', zh: '只接受預約' } };
  }
  return none;
}

const DAY_MS = 86_400_000;

/** When a service point's details were last verified, relative to the seeding instant. */
export function servicePointVerifiedAt(servicePointId: number, now: Date): Date | null {
  const b = bucket(servicePointId, 0xf7e5);
  if (b === 0) return null;
  const days = b < 6 ? 200 + ((servicePointId * 37) % 200) : (servicePointId * 13) % 150;
  return new Date(now.getTime() - days * DAY_MS - ((servicePointId * 7919) % 86_400) * 1000);
}
