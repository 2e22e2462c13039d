import { LegalDocument } from './LegalDocument';
import { TERMS_LAST_MODIFIED, termsIntro, termsSections } from './termsOfUseText';

/** The Terms of Use page (SPEC.md section 2), in our own words: twelve numbered sections. */
export function TermsOfUsePage() {
  return (
    <LegalDocument
      title="Terms of Use"
      lastModified={TERMS_LAST_MODIFIED}
      intro={termsIntro}
      sections={termsSections}
      numbered
    />
  );
}
