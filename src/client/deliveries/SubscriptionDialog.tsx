import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api';
import type {
  DeliveriesOverview,
  DeliverySubscription,
  DigestSchedule,
  SubscriptionCreateRequest,
} from './deliveriesApi';
import { clockWords, ordinal, WEEKDAYS, zoneWords } from './deliveryWords';

/** What the dialog makes: a new subscription of a kind, or changes to one. */
export type SubscriptionDialogTarget =
  | { mode: 'create'; kind: DeliverySubscription['kind'] }
  | { mode: 'edit'; subscription: DeliverySubscription };

interface SubscriptionDialogProps {
  target: SubscriptionDialogTarget | undefined;
  overview: DeliveriesOverview;
  /** Where email goes: the subscriber's address. */
  email: string | undefined;
  onClose: () => void;
  /** Sends the body (create or change); rejects with the server's ApiError. */
  onSave: (body: SubscriptionCreateRequest) => Promise<void>;
}

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: clockWords(h) }));
const DAYS = WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }));
const MONTHDAYS = Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) }));
const FREQUENCIES = [
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
];

/** The form's fields, as the inputs hold them. */
interface Draft {
  targetId: string | null;
  frequency: DigestSchedule['frequency'];
  hour: string;
  weekday: string;
  monthday: string;
  thresholds: Record<string, number | string>;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  channel: 'email' | 'webhook';
  url: string;
  secret: string;
}

function initialDraft(target: SubscriptionDialogTarget, overview: DeliveriesOverview): Draft {
  if (target.mode === 'edit') {
    const s = target.subscription;
    return {
      targetId: s.targetId,
      frequency: s.schedule?.frequency ?? 'weekly',
      hour: String(s.schedule?.hour ?? 8),
      weekday: String(s.schedule?.weekday ?? 1),
      monthday: String(s.schedule?.monthday ?? 1),
      thresholds: { ...(s.thresholds ?? {}) },
      quiet: Boolean(s.quietHours),
      quietStart: s.quietHours?.start ?? '22:00',
      quietEnd: s.quietHours?.end ?? '07:00',
      channel: s.channel.type,
      url: s.channel.url ?? '',
      secret: '',
    };
  }
  const first = target.kind === 'digest' ? overview.digests[0]?.id : overview.alertRules[0]?.id;
  return {
    targetId: first ?? null,
    frequency: 'weekly',
    hour: '8',
    weekday: '1',
    monthday: '1',
    thresholds: {},
    quiet: false,
    quietStart: '22:00',
    quietEnd: '07:00',
    channel: 'email',
    url: '',
    secret: '',
  };
}

/** The server's 400 as a message under the field it names (by its JSON pointer), or for the whole form. */
function fieldOf(err: unknown): { field: string; message: string } {
  if (err instanceof ApiError && err.status === 400) {
    const body = err.body as { field?: unknown; message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : 'Check the form and try again.';
    const field = typeof body?.field === 'string' ? body.field : '';
    return { field, message: message.charAt(0).toUpperCase() + message.slice(1) };
  }
  if (err instanceof ApiError && err.status === 404)
    return { field: '', message: 'This subscription no longer exists. Close this and reload the page.' };
  return { field: '', message: 'The subscription could not be saved just now. Try again in a moment.' };
}

/**
 * The dialog that creates or edits a subscription: a digest's schedule (every day, week or month,
 * at an hour of the subscriber's clock) or an alert rule's thresholds (the rule's defaults shown),
 * quiet hours, and the channel: email to the subscriber, or a signed webhook.
 */
export function SubscriptionDialog({ target, overview, email, onClose, onSave }: SubscriptionDialogProps) {
  return (
    <Modal
      opened={Boolean(target)}
      onClose={onClose}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        !target
          ? ''
          : target.mode === 'edit'
            ? `Edit ${target.subscription.kind === 'digest' ? 'digest' : 'alert'}`
            : target.kind === 'digest'
              ? 'New digest'
              : 'New alert'
      }
      data-testid="subscription-dialog"
    >
      {target && (
        <SubscriptionForm
          // A fresh form for each subscription opened.
          key={target.mode === 'edit' ? `edit-${target.subscription.id}` : `new-${target.kind}`}
          target={target}
          overview={overview}
          email={email}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function SubscriptionForm({
  target,
  overview,
  email,
  onClose,
  onSave,
}: Omit<SubscriptionDialogProps, 'target'> & { target: SubscriptionDialogTarget }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(target, overview));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ field: string; message: string }>();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const kind = target.mode === 'edit' ? target.subscription.kind : target.kind;
  const rule = kind === 'alert' ? overview.alertRules.find((r) => r.id === draft.targetId) : undefined;
  const digest = kind === 'digest' ? overview.digests.find((d) => d.id === draft.targetId) : undefined;
  const keepsSecret =
    target.mode === 'edit' &&
    target.subscription.channel.type === 'webhook' &&
    target.subscription.channel.hasSecret === true;
  const zone = zoneWords(overview.timeZone);
  const errorAt = (pointer: string) =>
    failure && (failure.field === pointer || failure.field.startsWith(`${pointer}/`))
      ? failure.message
      : undefined;
  const shownBelowField = [
    '/targetId',
    '/schedule',
    '/thresholds',
    '/quietHours',
    '/channel/url',
    '/channel/secret',
  ].some((p) => errorAt(p));

  const body = (): SubscriptionCreateRequest => {
    const out: SubscriptionCreateRequest = {
      kind,
      targetId: draft.targetId ?? '',
      quietHours: draft.quiet ? { start: draft.quietStart, end: draft.quietEnd } : null,
      channel:
        draft.channel === 'email'
          ? { type: 'email' }
          : { type: 'webhook', url: draft.url.trim(), ...(draft.secret ? { secret: draft.secret } : {}) },
    };
    if (kind === 'digest') {
      out.schedule = {
        frequency: draft.frequency,
        hour: Number(draft.hour),
        ...(draft.frequency === 'weekly' ? { weekday: Number(draft.weekday) } : {}),
        ...(draft.frequency === 'monthly' ? { monthday: Number(draft.monthday) } : {}),
      };
    } else {
      // Only the thresholds the rule has, and only those set: the others keep the rule's defaults.
      const own = Object.fromEntries(
        (rule?.thresholds ?? []).flatMap((t) => {
          const v = draft.thresholds[t.key];
          return typeof v === 'number' && Number.isFinite(v) ? [[t.key, v]] : [];
        }),
      );
      out.thresholds = Object.keys(own).length ? own : null;
    }
    return out;
  };

  const submit = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      await onSave(body());
      onClose();
    } catch (err) {
      setFailure(fieldOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {kind === 'digest' ? (
        <>
          <Select
            label="Digest"
            data={overview.digests.map((d) => ({
              value: d.id,
              label: d.period ? `${d.title} (${d.period})` : d.title,
            }))}
            value={draft.targetId}
            onChange={(v) => v && set({ targetId: v })}
            allowDeselect={false}
            description={digest?.description}
            error={errorAt('/targetId')}
            data-testid="subscription-target"
            data-autofocus
          />
          {/* Boxes level at the bottom, should a label wrap (a long time zone name). */}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
            <Select
              label="How often"
              data={FREQUENCIES}
              value={draft.frequency}
              onChange={(v) => v && set({ frequency: v as Draft['frequency'] })}
              allowDeselect={false}
              data-testid="subscription-frequency"
            />
            {draft.frequency === 'weekly' && (
              <Select
                label="On"
                data={DAYS}
                value={draft.weekday}
                onChange={(v) => v && set({ weekday: v })}
                allowDeselect={false}
                data-testid="subscription-weekday"
              />
            )}
            {draft.frequency === 'monthly' && (
              <Select
                label="On the"
                data={MONTHDAYS}
                value={draft.monthday}
                onChange={(v) => v && set({ monthday: v })}
                allowDeselect={false}
                data-testid="subscription-monthday"
              />
            )}
            <Select
              // The zone in the label, not a description under it: the three fields' boxes stay level.
              label={`At (${zone})`}
              data={HOURS}
              value={draft.hour}
              onChange={(v) => v && set({ hour: v })}
              allowDeselect={false}
              data-testid="subscription-hour"
            />
          </SimpleGrid>
          {errorAt('/schedule') && (
            <Text c="red.8" fz="sm" role="alert">
              {errorAt('/schedule')}
            </Text>
          )}
        </>
      ) : (
        <>
          <Select
            label="Alert rule"
            data={overview.alertRules.map((r) => ({ value: r.id, label: r.title }))}
            value={draft.targetId}
            onChange={(v) => v && set({ targetId: v, thresholds: {} })}
            allowDeselect={false}
            description={rule?.description}
            error={errorAt('/targetId')}
            data-testid="subscription-target"
            data-autofocus
          />
          {rule && rule.thresholds.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {rule.thresholds.map((t) => (
                <NumberInput
                  key={t.key}
                  label={t.label}
                  description={`Leave empty for the rule's default, ${t.default}`}
                  min={t.minimum}
                  max={t.maximum}
                  placeholder={String(t.default)}
                  value={draft.thresholds[t.key] ?? ''}
                  onChange={(v) => set({ thresholds: { ...draft.thresholds, [t.key]: v } })}
                  error={errorAt(`/thresholds/${t.key}`)}
                  data-testid={`subscription-threshold-${t.key}`}
                />
              ))}
            </SimpleGrid>
          )}
          {errorAt('/thresholds') && !rule?.thresholds.some((t) => errorAt(`/thresholds/${t.key}`)) && (
            <Text c="red.8" fz="sm" role="alert">
              {errorAt('/thresholds')}
            </Text>
          )}
        </>
      )}

      <Stack gap="xs">
        <Switch
          label="Quiet hours"
          description={`Nothing is sent between these times (${zone}).`}
          checked={draft.quiet}
          onChange={(e) => set({ quiet: e.currentTarget.checked })}
          data-testid="subscription-quiet"
        />
        {draft.quiet && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="time"
              label="From"
              value={draft.quietStart}
              onChange={(e) => set({ quietStart: e.currentTarget.value })}
              required
              error={errorAt('/quietHours/start')}
            />
            <TextInput
              type="time"
              label="To"
              value={draft.quietEnd}
              onChange={(e) => set({ quietEnd: e.currentTarget.value })}
              required
              error={errorAt('/quietHours/end')}
            />
          </SimpleGrid>
        )}
      </Stack>

      <Radio.Group
        label="Send by"
        value={draft.channel}
        onChange={(v) => set({ channel: v as Draft['channel'] })}
      >
        <Stack gap={6} mt={6}>
          <Radio value="email" label={email ? `Email to ${email}` : 'Email'} data-testid="channel-email" />
          <Radio value="webhook" label="Webhook (Slack-compatible)" data-testid="channel-webhook" />
        </Stack>
      </Radio.Group>
      {draft.channel === 'webhook' && (
        <Stack gap="sm">
          <TextInput
            label="Webhook URL"
            placeholder="https://hooks.slack.com/services/…"
            value={draft.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            required
            error={errorAt('/channel/url')}
            data-testid="subscription-webhook-url"
          />
          <PasswordInput
            label="Signing secret"
            description={
              keepsSecret
                ? 'Leave empty to keep the current secret.'
                : 'At least 16 characters. Each message carries an X-HawkEye-Signature made with it.'
            }
            value={draft.secret}
            onChange={(e) => set({ secret: e.currentTarget.value })}
            required={!keepsSecret}
            error={errorAt('/channel/secret')}
            data-testid="subscription-webhook-secret"
          />
        </Stack>
      )}

      {failure && !shownBelowField && (
        <Alert color="red" role="alert" data-testid="subscription-error">
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} data-testid="subscription-save">
          {target.mode === 'edit' ? 'Save' : 'Subscribe'}
        </Button>
      </Group>
    </Stack>
  );
}
