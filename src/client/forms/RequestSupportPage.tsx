import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo } from 'react';
import { DEVICE_OPTIONS, maskPhone, PHONE_FORMAT, PRODUCT_OPTIONS } from '../../shared/formRules';
import { FormBanners } from './FormBanners';
import { FormButton } from './FormButton';
import { FormDropdown } from './FormDropdown';
import { FormPanel } from './FormPanel';
import { FormTextArea } from './FormTextArea';
import { FormTextField } from './FormTextField';
import { supportOutcome } from './formMessages';
import type { FormPageProps } from './formTypes';
import { supportBody, supportFields } from './supportForm';
import { useFormFields } from './useFormFields';
import { useFormSubmission } from './useFormSubmission';

/** The Request Support page (SPEC.md section 2): a question for the support team, every field required. */
export function RequestSupportPage({ user, postForm }: FormPageProps) {
  const specs = useMemo(() => supportFields(user), [user]);
  const form = useFormFields(specs);
  const submission = useFormSubmission();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submission.sendingRequest) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    const body = supportBody(form.values);
    if (await submission.send(() => postForm('/post-support', body), supportOutcome)) form.reset();
  }

  return (
    <FormPanel title="Request Support" header="Support Question">
      <form onSubmit={submit} noValidate aria-label="Request Support">
        <Stack gap="md">
          <Text>
            Tell us what is happening and where, and we will help. Our support team replies within 1 business
            day.
          </Text>
          <FormBanners error={submission.error} success={submission.success} />
          <FormTextField
            field={form.bind('companyName')}
            label="Company Name"
            required
            autoComplete="organization"
          />
          <FormTextField field={form.bind('siteName')} label="Site/Property Name(s)" required />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormDropdown field={form.bind('product')} label="Product" options={PRODUCT_OPTIONS} required />
            <FormDropdown field={form.bind('device')} label="Device" options={DEVICE_OPTIONS} required />
          </SimpleGrid>
          <FormTextArea
            field={form.bind('description')}
            label="Description"
            placeholder="What were you doing, what did you expect, and what happened instead?"
            required
            maxLength={10_000}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextField
              field={form.bind('firstName')}
              label="First Name"
              required
              autoComplete="given-name"
            />
            <FormTextField
              field={form.bind('lastName')}
              label="Last Name"
              required
              autoComplete="family-name"
            />
          </SimpleGrid>
          <FormTextField
            field={form.bind('phoneNumber')}
            label="Phone Number"
            type="tel"
            placeholder={PHONE_FORMAT}
            mask={maskPhone}
            required
            autoComplete="tel-national"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextField
              field={form.bind('email')}
              label="Email"
              type="email"
              required
              autoComplete="email"
            />
            <FormTextField field={form.bind('emailConfirm')} label="Confirm Email" type="email" required />
          </SimpleGrid>
          <Group>
            <FormButton pending={submission.sendingRequest} />
          </Group>
        </Stack>
      </form>
    </FormPanel>
  );
}
