import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { SATISFACTION_OPTIONS } from '../../shared/formRules';
import { FormBanners } from './FormBanners';
import { FormButton } from './FormButton';
import { FormCheckbox } from './FormCheckbox';
import { FormPanel } from './FormPanel';
import { FormRadioGroup } from './FormRadioGroup';
import { FormTextArea } from './FormTextArea';
import { FormTextField } from './FormTextField';
import { browserTimeZone, feedbackBody, feedbackFields } from './feedbackForm';
import { feedbackOutcome } from './formMessages';
import type { FormPageProps } from './formTypes';
import { HeartMark } from './HeartMark';
import { useFormFields } from './useFormFields';
import { useFormSubmission } from './useFormSubmission';

/** The Share Feedback page (SPEC.md section 2): how satisfied the user is, and what they think. */
export function ShareFeedbackPage({ user, postForm }: FormPageProps) {
  const specs = useMemo(() => feedbackFields(user), [user]);
  const form = useFormFields(specs);
  const submission = useFormSubmission();
  const [timeZone] = useState(browserTimeZone);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submission.sendingRequest) return;
    if (!form.isValid) {
      form.touchAll();
      return;
    }
    const body = feedbackBody(form.values, timeZone);
    if (await submission.send(() => postForm('/post-feedback', body), feedbackOutcome)) form.reset();
  }

  return (
    <FormPanel
      title="Share Feedback"
      header={
        <>
          We <HeartMark /> Feedback
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Share Feedback">
        <Stack gap="md">
          <Text>
            How is HawkEye working for you? Tell us what helps, what gets in the way and what you wish it did.
            The people who build HawkEye read every note.
          </Text>
          <FormBanners error={submission.error} success={submission.success} />
          <FormRadioGroup
            field={form.bind('overallSatisfaction')}
            label="Overall, how satisfied are you with HawkEye?"
            options={SATISFACTION_OPTIONS}
            required
          />
          <FormTextArea
            field={form.bind('comments')}
            label="Please share your feedback with us."
            errorName="Feedback"
            maxLength={10_000}
          />
          <FormCheckbox field={form.bind('contactMe')} label="Please contact me about my feedback" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextField field={form.bind('firstName')} label="First Name" autoComplete="given-name" />
            <FormTextField field={form.bind('lastName')} label="Last Name" autoComplete="family-name" />
          </SimpleGrid>
          <FormTextField field={form.bind('email')} label="Email" type="email" autoComplete="email" />
          <input type="hidden" name="ao_jstzo" value={timeZone} />
          <Group>
            <FormButton pending={submission.sendingRequest} />
          </Group>
        </Stack>
      </form>
    </FormPanel>
  );
}
