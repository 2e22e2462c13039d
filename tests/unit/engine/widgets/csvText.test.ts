import { describe, expect, it } from 'vitest';
import { fileName } from '../../../../engine/widgets/download/fileName';
import { csvText } from '../../../../engine/widgets/table/csvText';

describe('Export CSV text', () => {
  it('starts with a byte order mark, ends lines with CRLF and quotes what needs it', () => {
    expect(
      csvText([
        ['Site', 'Calls'],
        ['Oak, "North"', '1,234'],
        ['Pine (Inactive)', '\u2014'],
      ]),
    ).toBe('\uFEFFSite,Calls\r\n"Oak, ""North""","1,234"\r\nPine (Inactive),\u2014\r\n');
  });
  it('keeps a text a spreadsheet would run as a formula as text, numbers as they are', () => {
    expect(csvText([['=HYPERLINK("x")', '+1 call', '@home', '-5', '-12.5%', '1,234']])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")",\'+1 call,\'@home,-5,-12.5%,"1,234"\r\n',
    );
  });
  it('names the file after its parts, without characters file systems refuse', () => {
    expect(
      fileName(['Caller Behavior', 'Missed Calls By Site', 'Custom 2026/10/01 to 2026/10/31'], 'csv'),
    ).toBe('Caller Behavior - Missed Calls By Site - Custom 2026-10-01 to 2026-10-31.csv');
    expect(fileName(['Volume', undefined, ' ', 'Last 30 Days'], 'csv')).toBe('Volume - Last 30 Days.csv');
  });
});
