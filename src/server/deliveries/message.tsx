import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { type CSSProperties, Fragment } from 'react';
import { indicatorArrow, type WidgetFigure } from '../../../engine/tools';

/** A table of a message: its header cells, body rows and totals row, as the page's text. */
export interface MessageTable {
  headers: { text: string; align: 'left' | 'right' | 'center' }[];
  rows: string[][];
  totals?: string[];
  /** Rows the page has beyond those shown ('Showing 10 of 24 sites'). */
  note?: string;
}

/** One block of a message: a panel of a digest, or the entities of an alert. */
export interface MessageSection {
  title: string;
  /** The page the section comes from, in the app. */
  href?: string;
  figures: WidgetFigure[];
  images: { cid: string; alt: string; width: number; height: number }[];
  tables: MessageTable[];
  /** Sentences (an alert's entities). */
  lines: string[];
}

/** Everything a digest or alert message shows, drawn as HTML (MessageEmail) and as text (messageText). */
export interface MessageModel {
  /** The inbox's preview line. */
  preview: string;
  heading: string;
  greeting: string;
  /** 'Period: Prior Week, 11/16/2026 - 11/22/2026', 'Sites: All sites', 'Data as of: ...'. */
  facts: { label: string; value: string }[];
  sections: MessageSection[];
  link: { href: string; label: string };
  /** Why the recipient gets this, and where to change it. */
  footer: string;
}

const font = "'Liberation Sans', Arial, Helvetica, sans-serif";
const ink = '#1f2733';
const dimmed = '#5f6b7a';
const line = '#e3e8ef';

const style = {
  body: { backgroundColor: '#f3f5f8', fontFamily: font, color: ink, margin: 0, padding: '16px 0' },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '600px',
    width: '100%',
    borderRadius: '8px',
    padding: '24px 24px 16px',
  },
  brand: { fontSize: '13px', fontWeight: 700, letterSpacing: '0.08em', color: '#1C97FC', margin: '0 0 4px' },
  heading: { fontSize: '22px', lineHeight: '28px', margin: '0 0 8px', color: ink },
  greeting: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  fact: { fontSize: '13px', lineHeight: '19px', margin: 0, color: dimmed },
  sectionTitle: { fontSize: '17px', lineHeight: '24px', margin: '20px 0 8px', color: ink },
  sectionLink: { color: ink, textDecoration: 'none' },
  tile: { border: `1px solid ${line}`, borderRadius: '6px', padding: '10px 12px', verticalAlign: 'top' },
  tileTitle: { fontSize: '13px', lineHeight: '18px', fontWeight: 600, margin: 0, color: dimmed },
  tileValue: { fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '2px 0 0', color: ink },
  tileUnit: { fontSize: '14px', fontWeight: 400, color: dimmed },
  tileSub: { fontSize: '12px', lineHeight: '17px', margin: 0, color: dimmed },
  sentence: { fontSize: '15px', lineHeight: '22px', margin: '0 0 6px' },
  th: {
    fontSize: '12px',
    fontWeight: 700,
    color: dimmed,
    padding: '6px 8px',
    borderBottom: `1px solid ${line}`,
  },
  td: { fontSize: '13px', padding: '6px 8px', borderBottom: `1px solid ${line}` },
  total: { fontSize: '13px', fontWeight: 700, padding: '6px 8px' },
  note: { fontSize: '12px', color: dimmed, margin: '4px 0 0' },
  button: {
    display: 'inline-block',
    backgroundColor: '#1C97FC',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 700,
    textDecoration: 'none',
    padding: '11px 20px',
    borderRadius: '6px',
  },
  footer: { fontSize: '12px', lineHeight: '18px', color: dimmed, margin: '12px 0 0' },
} satisfies Record<string, CSSProperties>;

/** The width of a message's column: the container's 600 px less its padding, in CSS px. */
export const COLUMN_WIDTH = 552;

/**
 * The widths of a row's two tiles and the gap between them, in % of the column: percentages, so the
 * gap stays whatever the width (a fixed gap beside two 50% cells would be squeezed to nothing).
 */
const TILE_WIDTH = '49%';
const TILE_GAP = '2%';

/** A tile's value as the page draws it: the number large, its unit ('Minutes') smaller beside it. */
function FigureValue({ figure: f }: { figure: WidgetFigure }) {
  if (!f.unit || !f.value.endsWith(` ${f.unit}`)) return <>{f.value}</>;
  return (
    <>
      {f.value.slice(0, -f.unit.length - 1)} <span style={style.tileUnit}>{f.unit}</span>
    </>
  );
}

/**
 * Tiles two to a row: wide enough for a figure at a phone's width too. The two tiles of a row are
 * cells of one table row, so they stand as tall as each other whatever lines each has.
 */
function Figures({ figures }: { figures: WidgetFigure[] }) {
  const rows: WidgetFigure[][] = [];
  for (let i = 0; i < figures.length; i += 2) rows.push(figures.slice(i, i + 2));
  return (
    <>
      {rows.map((pair) => (
        <table
          key={pair.map((f) => f.title).join('|')}
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ borderCollapse: 'separate', marginBottom: '8px' }}
        >
          <tbody>
            <tr>
              {pair.map((f, i) => (
                <Fragment key={f.title}>
                  {i === 1 && <td style={{ width: TILE_GAP, fontSize: 0, lineHeight: 0 }}>&nbsp;</td>}
                  <td style={{ ...style.tile, width: TILE_WIDTH }}>
                    <Text style={style.tileTitle}>{f.title}</Text>
                    <Text style={style.tileValue}>
                      <FigureValue figure={f} />
                      {f.indicator && (
                        <span style={{ color: f.indicator.color, fontSize: '14px', marginLeft: '6px' }}>
                          {indicatorArrow(f.indicator)}
                        </span>
                      )}
                    </Text>
                    {f.comparison && <Text style={style.tileSub}>{f.comparison}</Text>}
                    {f.detail && <Text style={style.tileSub}>{f.detail}</Text>}
                  </td>
                </Fragment>
              ))}
              {pair.length === 1 && (
                <>
                  <td style={{ width: TILE_GAP, fontSize: 0, lineHeight: 0 }}>&nbsp;</td>
                  <td style={{ width: TILE_WIDTH }} />
                </>
              )}
            </tr>
          </tbody>
        </table>
      ))}
    </>
  );
}

function Table({ table }: { table: MessageTable }) {
  return (
    <>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse' }}
      >
        <thead>
          <tr>
            {table.headers.map((h) => (
              <th key={h.text} style={{ ...style.th, textAlign: h.align }}>
                {h.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown once, in order
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are shown once, in order
                <td key={c} style={{ ...style.td, textAlign: table.headers[c]?.align ?? 'left' }}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
          {table.totals && (
            <tr>
              {table.totals.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are shown once, in order
                <td key={c} style={{ ...style.total, textAlign: table.headers[c]?.align ?? 'left' }}>
                  {cell}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
      {table.note && <Text style={style.note}>{table.note}</Text>}
    </>
  );
}

/** The HTML message: header, facts (period, sites, as of), sections, the link to the app, the footer. */
export function MessageEmail({ model }: { model: MessageModel }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{model.preview}</Preview>
      <Body style={style.body}>
        <Container style={style.container}>
          <Text style={style.brand}>HAWKEYE</Text>
          <Heading as="h1" style={style.heading}>
            {model.heading}
          </Heading>
          <Text style={style.greeting}>{model.greeting}</Text>
          {model.facts.map((f) => (
            <Text key={f.label} style={style.fact}>
              <strong>{f.label}:</strong> {f.value}
            </Text>
          ))}
          {model.sections.map((s) => (
            <Section key={s.title}>
              <Heading as="h2" style={style.sectionTitle}>
                {s.href ? (
                  <Link href={s.href} style={style.sectionLink}>
                    {s.title}
                  </Link>
                ) : (
                  s.title
                )}
              </Heading>
              {s.lines.map((l) => (
                <Text key={l} style={style.sentence}>
                  {l}
                </Text>
              ))}
              {s.figures.length > 0 && <Figures figures={s.figures} />}
              {s.images.map((img) => (
                <Img
                  key={img.cid}
                  src={`cid:${img.cid}`}
                  alt={img.alt}
                  // The column's whole width: a chart drawn narrow (its text readable on a phone)
                  // grows to fill a wide screen; Outlook sizes it by these attributes.
                  width={COLUMN_WIDTH}
                  height={Math.round((img.height * COLUMN_WIDTH) / img.width)}
                  style={{ display: 'block', width: '100%', height: 'auto' }}
                />
              ))}
              {s.tables.map((t) => (
                <Table key={t.headers.map((h) => h.text).join('|')} table={t} />
              ))}
            </Section>
          ))}
          <Section style={{ margin: '24px 0 8px' }}>
            <Link href={model.link.href} style={style.button}>
              {model.link.label}
            </Link>
          </Section>
          <Hr style={{ borderColor: line, margin: '16px 0 0' }} />
          <Text style={style.footer}>{model.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part: the same model, each figure as 'Title: value', tables as lines. */
export function messageText(model: MessageModel): string {
  const out: string[] = [model.heading, '', model.greeting, ''];
  for (const f of model.facts) out.push(`${f.label}: ${f.value}`);
  for (const s of model.sections) {
    out.push('', s.title, '-'.repeat(Math.min(60, s.title.length)));
    out.push(...s.lines);
    for (const f of s.figures) {
      out.push(`${f.title}: ${f.value}`);
      if (f.comparison) out.push(`  ${f.comparison}`);
      if (f.detail) out.push(`  ${f.detail}`);
    }
    for (const img of s.images) out.push(`[Chart: ${img.alt}]`);
    for (const t of s.tables) {
      const named = (cells: string[]) =>
        cells.map((c, i) => (i === 0 ? c : `${t.headers[i]?.text}: ${c}`)).join(', ');
      t.rows.forEach((r, i) => {
        out.push(`${i + 1}. ${named(r)}`);
      });
      if (t.totals) out.push(named(t.totals));
      if (t.note) out.push(t.note);
    }
    if (s.href) out.push(`Open: ${s.href}`);
  }
  out.push('', `${model.link.label}: ${model.link.href}`, '', model.footer);
  return `${out.join('\n')}\n`;
}

/** The message as HTML and text. */
export async function renderMessage(model: MessageModel): Promise<{ html: string; text: string }> {
  return { html: await render(<MessageEmail model={model} />), text: messageText(model) };
}
