/**
 * IANA time zones (America/Chicago): accounts, sites and users have one, and a digest's period and a
 * schedule's hour are read in its recipient's. Intl does the calendar arithmetic (clock changes
 * included); nothing here restates a zone's rules.
 */

/** The zone of an account that names none, and of anything with no zone to inherit. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** Area/Location names, or UTC: the legacy abbreviations Intl also takes (EST, CST6CDT) are refused. */
const ZONE_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `name` is an IANA zone this runtime knows ('America/Chicago', 'UTC'). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !ZONE_NAME.test(name)) return false;
  try {
    clockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone. */
export interface ZonedClock {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
  /** 'YYYY-MM-DDTHH:mm:ss', the form the store keeps site-local times in. */
  text: string;
}

/** The calendar date and clock time an instant shows in a zone. */
export function zonedClock(at: Date, zone: string): ZonedClock {
  const parts = Object.fromEntries(
    clockFormat(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    text: `${date}T${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/**
 * A time zone as people say it ('Central Time' for America/Chicago), the same all year; its IANA
 * name where the browser has no such name.
 */
export function zoneWords(timeZone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return part && !/^GMT/.test(part) ? part : timeZone.replaceAll('_', ' ');
  } catch {
    return timeZone;
  }
}
