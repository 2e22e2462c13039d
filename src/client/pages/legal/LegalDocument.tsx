import { Box, Text, Title, Typography } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';

/** The widest a legal page's text runs (SPEC.md section 9's form width), for comfortable lines. */
export const LEGAL_MAX_WIDTH = 760;

/** One section of a legal page: its anchor id, heading and text. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Props of a legal page. */
export interface LegalDocumentProps {
  title: string;
  /** e.g. 'April 19, 2017'. */
  lastModified: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** Number the sections 1., 2., ... in headings and contents. */
  numbered?: boolean;
}

/** Scrolls to a section in place, so the router never sees a navigation and the URL keeps its hash. */
function jumpTo(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  e.preventDefault();
  target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** A legal page: title, last-modified date, a table of contents, then the sections. */
export function LegalDocument({
  title,
  lastModified,
  intro,
  sections,
  numbered = false,
}: LegalDocumentProps) {
  const heading = (s: LegalSection, i: number) => (numbered ? `${i + 1}. ${s.title}` : s.title);
  const toc = sections.map((s) => (
    <li key={s.id}>
      <a href={`#${s.id}`} onClick={(e) => jumpTo(e, s.id)}>
        {s.title}
      </a>
    </li>
  ));
  return (
    <Box component="article" maw={LEGAL_MAX_WIDTH} aria-labelledby="legal-title">
      <Title id="legal-title" order={1} fz={26} mb={4}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Last modified {lastModified}
      </Text>
      <Typography style={{ lineHeight: 1.7 }}>
        {intro}
        <nav aria-label="Contents">
          <h2 style={{ fontSize: 18 }}>Contents</h2>
          {numbered ? <ol>{toc}</ol> : <ul>{toc}</ul>}
        </nav>
        {sections.map((s, i) => (
          // Typography zeroes a first child's top margin and a last child's bottom margin, which left each
          // heading flush against the section before it: the section keeps the gap itself.
          <section key={s.id} aria-labelledby={s.id} style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
            <h2 id={s.id} tabIndex={-1} style={{ fontSize: 20, scrollMarginTop: 80, outline: 'none' }}>
              {heading(s, i)}
            </h2>
            {s.body}
          </section>
        ))}
      </Typography>
    </Box>
  );
}
