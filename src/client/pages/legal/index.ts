export { AppLink, type AppLinkProps } from './AppLink';
export { LEGAL_MAX_WIDTH, LegalDocument, type LegalDocumentProps, type LegalSection } from './LegalDocument';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { TermsOfUsePage } from './TermsOfUsePage';
