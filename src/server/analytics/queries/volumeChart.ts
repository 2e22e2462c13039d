import { VOLUME_CATEGORIES } from '../../../shared/commTypes';
import type { Queryable } from '../../store';
import { n } from '../format';
import type { DataQuery } from '../request';
import { commFacts, countOf } from './facts';
import type { Series } from './series';
import { SqlParams } from './sqlParams';

/** Communication Volume by Type: Inbound and Outbound bars over Calls, Emails, Texts, Walk-Ins. */
export async function volumeByType(db: Queryable, q: DataQuery): Promise<{ series: Series[] }> {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT f.comm_type AS "commType", ${countOf("f.direction = 'inbound'")} AS "inbound",
       ${countOf("f.direction = 'outbound'")} AS "outbound"
     FROM (${commFacts(p, q, ['comm_type', 'direction'])}) f GROUP BY f.comm_type`,
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
