import { describe, expect, it } from 'vitest';
import type { RenderedMessage } from '../../src/server/deliveries/compute';
import { personalize, sharedRecipient } from '../../src/server/deliveries/personalize';
import type { Recipient } from '../../src/server/deliveries/recipient';

const casey: Recipient = {
  userId: 9,
  username: 'casey',
  email: 'casey+ops@example.com',
  displayName: "Casey O'Neil <Leasing> & Co",
  timeZone: 'America/Chicago',
};

/** A copy rendered as a template would render it for the shared recipient. */
function rendered(r: Recipient): RenderedMessage {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    subject: 'Weekly portfolio',
    html: `<p>Hello ${esc(r.displayName)}</p><p><a href="mailto:${esc(r.email)}">${esc(r.email)}</a></p>`,
    text: `Hello ${r.displayName}\nInbound Calls: 1,204\nSent to ${r.email}\n`,
    attachments: [],
    link: 'http://localhost:8080/dashboard/home',
    figures: [{ title: 'Inbound Calls', value: '1,204' }],
  };
}

describe('one rendering per scope, addressed to each subscriber', () => {
  it("puts each subscriber's own name and address in, escaped in the HTML and as they are in the text", () => {
    const shared = rendered(sharedRecipient(casey));
    expect(shared.text).not.toContain('Casey');
    const mine = personalize(shared, casey);
    expect(mine.text).toBe(rendered(casey).text);
    expect(mine.html).toContain('Hello Casey O&#39;Neil &lt;Leasing&gt; &amp; Co');
    expect(mine.html).toContain('mailto:casey+ops@example.com');
    expect(mine.figures).toEqual(shared.figures);
    expect(shared.html).not.toContain('Casey');
  });

  it('leaves a copy without the stand-ins as it is', () => {
    const plain = rendered(casey);
    expect(personalize(plain, { ...casey, displayName: 'Someone Else' })).toEqual(plain);
  });
});
