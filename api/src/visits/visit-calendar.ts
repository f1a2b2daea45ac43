/**
 * A visit as an iCalendar file (RFC 5545), attached to its confirmation, to its move and to its cancellation: one event,
 * its times in UTC, texts escaped and lines folded at 75 octets, CRLF line ends. The files of one booking share their
 * UID; each later one has a greater SEQUENCE, so that a calendar replaces the visit it holds (moved) or removes it
 * (METHOD:CANCEL).
 */
export interface CalendarEvent {
  uid: string;
  /** The file's revision: greater for each later file of the same booking. */
  sequence: number;
  cancelled: boolean;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
}

const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const escaped = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded as RFC 5545 3.1 says: at most 75 octets a line, the next ones starting with a space. */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const character of line) {
    if (Buffer.byteLength(current + character) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += character;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The file's iTIP method, which its MIME type repeats: the visit published, or its cancellation. */
export const calendarMethod = (event: Pick<CalendarEvent, 'cancelled'>) => (event.cancelled ? 'CANCEL' : 'PUBLISH');

export function visitCalendar(event: CalendarEvent, now = new Date()): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HSA Logement intermediaire//Visites//FR',
    'CALSCALE:GREGORIAN',
    `METHOD:${calendarMethod(event)}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${escaped(event.summary)}`,
    `LOCATION:${escaped(event.location)}`,
    `DESCRIPTION:${escaped(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(folded)
    .join('\r\n')
    .concat('\r\n');
}
