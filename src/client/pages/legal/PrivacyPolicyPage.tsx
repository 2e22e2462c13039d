import { LegalDocument } from './LegalDocument';
import { PRIVACY_LAST_MODIFIED, privacyIntro, privacySections } from './privacyPolicyText';

/** The Privacy Policy page (SPEC.md section 2), in our own words. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastModified={PRIVACY_LAST_MODIFIED}
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
