import { AppLink } from './AppLink';
import type { LegalSection } from './LegalDocument';

/** The date the privacy policy last changed (SPEC.md section 2). */
export const PRIVACY_LAST_MODIFIED = 'April 19, 2017';

/** The opening of the privacy policy: who it covers, and who may use the platform. */
export const privacyIntro = (
  <>
    <p>
      This policy explains what information LeaseHawk gathers when you use HawkEye, the analytics platform for
      leasing teams, what we do with it, and the choices you have. By using HawkEye you accept the practices
      it describes.
    </p>
    <p>
      HawkEye is a business tool offered to property-management companies in the United States. You must be at
      least 18 years old to use it, and it is meant for users in the United States only. We do not knowingly
      collect information from anyone younger than 18.
    </p>
  </>
);

/** The sections of the privacy policy, in order. */
export const privacySections: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We gather three kinds of information:</p>
        <ul>
          <li>
            <strong>Account details</strong> your employer or you give us to set up access: your name,
            username, work email address and the accounts and properties you may see.
          </li>
          <li>
            <strong>Business records</strong> your company sends us to analyse: calls, texts, emails and
            walk-ins handled by its leasing teams, with the contact and timing details they carry.
          </li>
          <li>
            <strong>Usage information</strong> our servers record as you work: sign-in times, pages opened,
            filters applied, your browser type and time zone, and your network address.
          </li>
        </ul>
        <p>
          When you send feedback or a support request, we also keep what you wrote and the contact details you
          chose to include.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Information',
    body: (
      <>
        <p>We use the information we hold to:</p>
        <ul>
          <li>sign you in, keep your session secure and show you only the data you are allowed to see;</li>
          <li>produce the dashboards, tables and charts your company pays for;</li>
          <li>answer your feedback and support requests;</li>
          <li>find and fix faults, and learn which parts of HawkEye need improving;</li>
          <li>meet our legal duties and enforce our Terms of Use.</li>
        </ul>
        <p>We do not sell your information, and we do not use it to show you advertising.</p>
      </>
    ),
  },
  {
    id: 'disclosure-of-information',
    title: 'When We Share Information',
    body: (
      <>
        <p>We pass information to others only in these cases:</p>
        <ul>
          <li>to your employer and the people it authorises, since the business records belong to it;</li>
          <li>
            to service providers that host, store or email on our behalf, bound by contract to use it for that
            work alone;
          </li>
          <li>
            to a buyer or successor if LeaseHawk's business is sold or reorganised, under the promises made
            here;
          </li>
          <li>
            when the law, a court order or a government request requires it, or when we must protect the
            safety or rights of our users, the public or LeaseHawk.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How We Protect Information',
    body: (
      <p>
        Passwords are stored only as one-way hashes, sessions expire, connections are encrypted, and each user
        sees only the accounts and properties granted to them. No system is perfectly secure, though: we
        cannot promise that information will never be accessed by someone who should not have it. Keep your
        password to yourself and tell us at once if you believe your account has been misused.
      </p>
    ),
  },
  {
    id: 'links-to-other-sites',
    title: 'Links to Other Sites',
    body: (
      <p>
        HawkEye may link to websites and services we do not run. Their owners decide how they handle your
        information, and this policy does not cover them. Read their own policies before you share anything
        with them.
      </p>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: (
      <p>
        If you break this policy or the Terms of Use, or misuse information you reach through HawkEye, you
        agree to defend LeaseHawk and its officers, employees and partners against the claims that follow, and
        to cover the losses and reasonable legal costs those claims cause them.
      </p>
    ),
  },
  {
    id: 'users-outside-the-united-states',
    title: 'Users Outside the United States',
    body: (
      <p>
        HawkEye is run from the United States for users in the United States. If you reach it from elsewhere,
        you do so on your own initiative, your information will be handled in the United States under its
        laws, and those laws may protect it less than the laws where you live.
      </p>
    ),
  },
  {
    id: 'changes-to-this-policy',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may revise this policy as HawkEye or the law changes. The date at the top of this page shows when
        it last changed; an important change will also be announced in the application. Using HawkEye after a
        change means you accept the revised policy.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or about your information are welcome: send them through the{' '}
        <AppLink to="./request-support">Request Support</AppLink> page and our team will reply.
      </p>
    ),
  },
];
