import { Box, Button, Flex, Group, Paper, Title } from '@mantine/core';
import { useMemo } from 'react';
import { MultiSelect, type MultiSelectChange, useLatestCallback } from '../../../engine';
import { usePathname } from '../routes/pathname';
import { keepsViewInUrl } from '../routes/viewInUrl';
import { LinkIcon } from '../widgets/icons';
import { copyCurrentLink } from './copyLink';
import { isFilterBarVisible, useFilterBarConfig } from './filterBarConfig';
import { useGlobalFilter } from './globalFilterState';
import { PeriodPicker } from './PeriodPicker';

/**
 * The global filter bar: heading, period, accounts, sites, Apply and Reset, each per the page's
 * flags, and Copy link on the pages whose view is in the URL.
 */
export function FilterBar() {
  const { flags } = useFilterBarConfig();
  const f = useGlobalFilter();
  const pathname = usePathname();
  // Options and callbacks that keep their identity while unchanged: the multi-selects are then not
  // drawn again when the filter's other state changes (a URL write, a pending apply).
  const accountOptions = useMemo(
    () =>
      f.accounts.map((a) => ({
        value: a.accountId,
        label: a.accountName,
        inactive: a.isActive === false,
      })),
    [f.accounts],
  );
  const siteOptions = useMemo(
    () =>
      f.offeredSites.map((s) => ({
        value: s.id,
        label: s.name,
        inactive: s.siteIsActive === false,
      })),
    [f.offeredSites],
  );
  const changeAccounts = useLatestCallback((_: number[], change: MultiSelectChange<number>) =>
    f.changeAccounts(change.kind === 'toggle' ? { kind: 'toggle', accountId: change.value } : change),
  );
  const changeSites = useLatestCallback((ids: number[]) => f.changeSites(ids));
  if (!isFilterBarVisible(flags)) return null;
  const shareable = keepsViewInUrl(pathname);

  const showAccounts = flags.isAccountsVisible && f.showAccounts;
  const hasControls = flags.isPeriodVisible || showAccounts || flags.isSitesVisible;
  const hasButtons = flags.isApplyVisible || flags.isResetVisible || shareable;

  const buttons = hasButtons && (
    // On a narrow phone (320 px) Copy link goes to a line of its own rather than past the screen.
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {flags.isApplyVisible && (
        <Button onClick={f.apply} disabled={f.applyDisabled} data-testid="filter-apply" w={90}>
          Apply
        </Button>
      )}
      {flags.isResetVisible && (
        <Button variant="default" onClick={f.reset} data-testid="filter-reset" w={90}>
          Reset
        </Button>
      )}
      {shareable && (
        <Button
          variant="subtle"
          leftSection={<LinkIcon size={16} />}
          onClick={() => void copyCurrentLink()}
          data-testid="filter-copy-link"
          title="Copy a link to this view: its filter and what the page shows"
        >
          Copy link
        </Button>
      )}
    </Group>
  );

  return (
    <Paper
      component="section"
      aria-label="Filters"
      data-testid="filter-bar"
      withBorder
      shadow="xs"
      px={{ base: 'sm', sm: 'md' }}
      py="sm"
      mb="lg"
    >
      {flags.isTitleLabelVisible && (
        <Title order={2} fz="md" fw={650} mb={hasControls ? 4 : 0} c="slate.9">
          Filters
        </Title>
      )}
      <Flex gap="md" wrap="wrap" align="flex-end">
        {flags.isPeriodVisible && (
          <Box style={{ flex: '1.4 1 330px', minWidth: 0 }}>
            <PeriodPicker value={f.range} onChange={f.changeRange} />
          </Box>
        )}
        {showAccounts && (
          <Box style={{ flex: '1 1 180px', minWidth: 0 }}>
            <MultiSelect
              label="Accounts"
              data-testid="accounts-select"
              w="100%"
              options={accountOptions}
              value={f.selectedAccountIds}
              error={f.tooManyAccounts}
              disabled={!f.accountsLoaded}
              onChange={changeAccounts}
            />
          </Box>
        )}
        {flags.isSitesVisible && (
          <Box style={{ flex: '1 1 180px', minWidth: 0 }}>
            <MultiSelect
              label="Sites"
              data-testid="sites-select"
              w="100%"
              options={siteOptions}
              value={f.selectedSiteIds}
              error={f.tooManySites}
              disabled={!f.sitesLoaded}
              onChange={changeSites}
            />
          </Box>
        )}
        {buttons && <Box style={{ flex: '0 1 auto', maxWidth: '100%', marginLeft: 'auto' }}>{buttons}</Box>}
      </Flex>
    </Paper>
  );
}
