import { AppLink } from './AppLink';
import type { LegalSection } from './LegalDocument';

/** The date the terms last changed (SPEC.md section 2). */
export const TERMS_LAST_MODIFIED = 'February 22, 2018';

/** The most LeaseHawk's liability can come to, in US dollars. */
export const LIABILITY_CAP_USD = 100;

/** The opening of the terms: what they are and how they are accepted. */
export const termsIntro = (
  <p>
    These terms govern your use of HawkEye, the analytics site LeaseHawk provides to leasing teams. Please
    read them with our <AppLink to="./privacy-policy">Privacy Policy</AppLink>, which they include. By signing
    in or otherwise using the site you agree to both; if you do not agree, do not use the site.
  </p>
);

/** The twelve numbered sections of the terms, in order. */
export const termsSections: readonly LegalSection[] = [
  {
    id: 'changes-to-these-terms',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may amend these terms at any time by posting a new version here with a new date at the top. The
        amended terms apply from the moment they are posted. Check this page from time to time: continuing to
        use the site after a change means you accept it.
      </p>
    ),
  },
  {
    id: 'your-promises-and-prohibited-uses',
    title: 'Your Promises and Prohibited Uses',
    body: (
      <>
        <p>
          You confirm that you are at least 18, that you use the site in the United States for the business of
          the company that gave you access, and that what you tell us is true. You will not:
        </p>
        <ul>
          <li>share your sign-in with anyone, or use someone else's;</li>
          <li>try to see data your account was not granted, or to get around any security measure;</li>
          <li>copy, scrape or resell the site's content, or use it to build a competing product;</li>
          <li>upload anything unlawful, harmful or that infringes someone else's rights;</li>
          <li>overload, probe or interfere with the site, its servers or its other users;</li>
          <li>use the site in any way that breaks a law or regulation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'limited-right-to-use',
    title: 'Your Limited Right to Use the Site',
    body: (
      <p>
        While your company's subscription lasts and you keep to these terms, we give you a personal,
        revocable, non-exclusive and non-transferable right to use the site for your company's internal
        business. Every right not granted in so many words stays with LeaseHawk. We may suspend or end your
        access if you break these terms.
      </p>
    ),
  },
  {
    id: 'copyrights-and-trademarks',
    title: 'Copyrights and Trademarks',
    body: (
      <p>
        The site's software, design, text and graphics belong to LeaseHawk or its licensors and are protected
        by copyright and other laws. LeaseHawk, HawkEye and their logos are our trademarks; you may not use
        them without our written permission. Your company's own records remain its property.
      </p>
    ),
  },
  {
    id: 'no-warranties',
    title: 'No Warranties',
    body: (
      <p>
        The site is provided as it is and as available. To the fullest extent the law allows, LeaseHawk gives
        no warranty of any kind, express or implied, including any warranty of merchantability, fitness for a
        particular purpose, accuracy or non-infringement, and does not promise that the site will be
        uninterrupted, error-free or free of harmful components. Figures shown are only as accurate as the
        records they are built from; check them before you rely on them.
      </p>
    ),
  },
  {
    id: 'accessing-the-site',
    title: 'Accessing the Site',
    body: (
      <p>
        We may change, pause or withdraw any part of the site without notice, for maintenance or any other
        reason, and are not liable if it is unavailable at any time. You are responsible for the equipment and
        connection you use to reach it, and for keeping your password confidential.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        You agree to defend and hold harmless LeaseHawk and its officers, employees, agents and partners from
        any claim, loss, liability or expense, including reasonable legal fees, that arises from your breach
        of these terms or your use of the site.
      </p>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          To the fullest extent the law allows, LeaseHawk is not liable for any indirect, incidental, special,
          consequential or punitive damages, or for lost profits, revenue or data, arising from the site or
          these terms, even if told such damages were possible. Our total liability for all claims together
          will not exceed one hundred US dollars (${LIABILITY_CAP_USD}).
        </p>
        <p>
          Any claim arising from the site or these terms must be brought within one year after it arose; after
          that it is permanently barred.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law and Courts',
    body: (
      <p>
        The laws of the State of Arizona govern these terms, without regard to its rules on conflicts of law.
        Any dispute will be heard only in the state or federal courts located in Maricopa County, Arizona, and
        you consent to their jurisdiction.
      </p>
    ),
  },
  {
    id: 'severability',
    title: 'Severability',
    body: (
      <p>
        If a court finds any part of these terms invalid or unenforceable, that part is limited or removed
        only as far as needed, and the rest of the terms stay in full force.
      </p>
    ),
  },
  {
    id: 'copyright-complaints',
    title: 'Copyright Complaints (DMCA)',
    body: (
      <>
        <p>
          We respect copyrights and respond to notices under the Digital Millennium Copyright Act. If you
          believe material on the site infringes your copyright, send us a notice through the{' '}
          <AppLink to="./request-support">Request Support</AppLink> page that includes:
        </p>
        <ul>
          <li>your physical or electronic signature, or that of the person acting for you;</li>
          <li>the copyrighted work you believe is infringed;</li>
          <li>where on the site the material you object to appears;</li>
          <li>your address, telephone number and email address;</li>
          <li>a statement that you believe in good faith the use is not authorised;</li>
          <li>
            a statement, under penalty of perjury, that your notice is accurate and that you own the copyright
            or may act for its owner.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'general-provisions',
    title: 'General Provisions',
    body: (
      <p>
        These terms, with the Privacy Policy and your company's agreement with LeaseHawk, are the whole
        agreement about the site. If we do not enforce a provision, we have not waived it. You may not
        transfer your rights under these terms; we may transfer ours. Headings are for convenience only.
      </p>
    ),
  },
];
