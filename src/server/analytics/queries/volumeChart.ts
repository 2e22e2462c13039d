import { VOLUME_CATEGORIES } from '../../../shared/commTypes';
import type { Queryable } from '../../store';
import { n } from '../format';
import type { DataQuery } from '../request';
import { commWhere } from './filters';
import type { Series } from './series';
import { SqlParams } from './sqlParams';

/** Communication Volume by Type: Inbound and Outbound bars over Calls, Emails, Texts, Walk-Ins. */
export async function volumeByType(db: Queryable, q: DataQuery): Promise<{ series: Series[] }> {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT c.comm_type AS "commType",
       count(*) FILTER (WHERE c.direction = 'inbound') AS "inbound",
       count(*) FILTER (WHERE c.direction = 'outbound') AS "outbound"
     FROM communications c WHERE ${commWhere(p, q)} GROUP BY c.comm_type`,
    p.values,
  );
  const byType = new Map(rows.map((r) => [r.commType, r]));
  const series = (['inbound', 'outbound'] as const).map((dir) => {
    const label = dir === 'inbound' ? 'Inbound' : 'Outbound';
    return {
      group: label,
      stack: 'direction',
      yAxis: 0,
      type: 'bar' as const,
      values: VOLUME_CATEGORIES.map((cat) => ({
        category: cat.label,
        label,
        value: n(byType.get(cat.commType)?.[dir]),
      })),
    };
  });
  return { series };
}
